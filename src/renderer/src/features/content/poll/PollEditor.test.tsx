// @vitest-environment happy-dom
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MESSAGES } from '@shared/api/messages'
import { postProblems } from '@shared/rules/posts'
import { createFakeHost } from '@renderer/testing/fakeHost'
import { renderInProviders } from '@renderer/testing/render'
import { PollEditor } from './PollEditor'
import { emptyPoll, pollDurationLabel, type PollDraft } from './pollDraft'

afterEach(cleanup)

/** The editor as a page holds it: its own state, problems from the shared rule. */
function Harness({ initial, onChange }: { initial: PollDraft; onChange: (p: PollDraft) => void }) {
  const [poll, setPoll] = useState(initial)
  const problems = postProblems({ type: 'poll', text: 'Vote!', poll, media: [] })
  return (
    <PollEditor
      value={poll}
      problems={problems}
      onChange={(p) => {
        setPoll(p)
        onChange(p)
      }}
    />
  )
}

function mount(initial: PollDraft = emptyPoll()) {
  const onChange = vi.fn<(p: PollDraft) => void>()
  renderInProviders(<Harness initial={initial} onChange={onChange} />, createFakeHost())
  return { onChange, user: userEvent.setup() }
}

const last = (onChange: ReturnType<typeof vi.fn<(p: PollDraft) => void>>) => onChange.mock.lastCall?.[0]

describe('emptyPoll', () => {
  it('starts with two blank options and a week', () => {
    expect(emptyPoll()).toEqual({ question: '', options: ['', ''], durationDays: 7 })
    expect([1, 3, 7, 14].map(pollDurationLabel)).toEqual(['1 day', '3 days', '1 week', '2 weeks'])
  })
})

describe('PollEditor', () => {
  it('counts the question against 140 and says what is missing', async () => {
    const { onChange, user } = mount()
    expect(screen.getByText(MESSAGES.pollQuestionMissing)).toBeTruthy()
    await user.type(screen.getByLabelText('Poll question'), 'Tabs or spaces?')
    expect(last(onChange)?.question).toBe('Tabs or spaces?')
    expect(screen.getByText('15/140')).toBeTruthy()
    expect(screen.queryByText(MESSAGES.pollQuestionMissing)).toBeNull()
  })

  it('flags a question over 140 characters without cutting it', () => {
    mount({ question: 'q'.repeat(141), options: ['a', 'b'], durationDays: 7 })
    expect(screen.getByText('141/140')).toBeTruthy()
    expect(screen.getByText(MESSAGES.pollQuestionTooLong)).toBeTruthy()
    expect((screen.getByLabelText('Poll question') as HTMLInputElement).value).toHaveLength(141)
  })

  it('adds options up to four and removes them down to two', async () => {
    const { onChange, user } = mount({ question: 'Q', options: ['a', 'b'], durationDays: 7 })
    expect(screen.queryByRole('button', { name: 'Remove option 1' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Add option' }))
    await user.click(screen.getByRole('button', { name: 'Add option' }))
    expect(screen.getByLabelText('Option 4')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Add option' })).toBeNull()
    expect(screen.getByText(MESSAGES.pollOptionEmpty)).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Remove option 3' }))
    expect(last(onChange)?.options).toEqual(['a', 'b', ''])
    await user.click(screen.getByRole('button', { name: 'Remove option 3' }))
    expect(last(onChange)?.options).toEqual(['a', 'b'])
    expect(screen.queryByRole('button', { name: /Remove option/ })).toBeNull()
    expect(screen.queryByText(MESSAGES.pollOptionEmpty)).toBeNull()
  })

  it('counts each option against 30', async () => {
    const { user } = mount({ question: 'Q', options: ['a', 'b'], durationDays: 7 })
    await user.type(screen.getByLabelText('Option 2'), 'x'.repeat(30))
    expect(screen.getByText('31/30')).toBeTruthy()
    expect(screen.getByText(MESSAGES.pollOptionTooLong)).toBeTruthy()
  })

  it('offers LinkedIn’s durations', async () => {
    const { onChange, user } = mount()
    const select = screen.getByLabelText('Poll duration') as HTMLSelectElement
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['1 day', '3 days', '1 week', '2 weeks'])
    expect(select.value).toBe('7')
    await user.selectOptions(select, '14')
    expect(last(onChange)?.durationDays).toBe(14)
  })
})

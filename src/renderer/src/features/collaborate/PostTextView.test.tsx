// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createFakeHost } from '@renderer/testing/fakeHost'
import { renderInProviders } from '@renderer/testing/render'
import { aFeedback } from '@renderer/testing/reviewFixtures'
import { PostTextView } from './PostTextView'

afterEach(cleanup)

const feedback = [
  aFeedback({ id: 'c1', kind: 'COMMENT', anchor: { start: 0, end: 5, quote: 'Hello', revision: 1 } }),
  aFeedback({ id: 's1', kind: 'SUGGESTION', text: '', anchor: { start: 6, end: 11, quote: 'world', revision: 1 }, replacement: 'there' })
]

function show() {
  const onShowFeedback = vi.fn()
  renderInProviders(<PostTextView text="Hello world" feedback={feedback} onAnchor={null} onShowFeedback={onShowFeedback} />, createFakeHost())
  return { onShowFeedback, user: userEvent.setup() }
}

describe('PostTextView', () => {
  it('makes each mark a button inside its <mark>, <del> or <ins>, in the tab order, that Enter or Space opens', async () => {
    const { onShowFeedback, user } = show()
    const button = (testId: string) => within(screen.getByTestId(testId)).getByRole('button')
    expect(screen.getAllByRole('button').map((b) => [b.textContent, b.tabIndex])).toEqual([
      ['Hello', 0],
      ['world', 0],
      ['there', 0]
    ])
    expect(button('comment-mark-c1').textContent).toBe('Hello')
    expect(button('suggestion-remove-s1').textContent).toBe('world')
    expect(button('suggestion-insert-s1').textContent).toBe('there')

    button('comment-mark-c1').focus()
    await user.keyboard('{Enter}')
    expect(onShowFeedback).toHaveBeenLastCalledWith('c1')
    button('suggestion-remove-s1').focus()
    await user.keyboard(' ')
    expect(onShowFeedback).toHaveBeenLastCalledWith('s1')
    button('suggestion-insert-s1').focus()
    await user.keyboard('{Enter}')
    expect(onShowFeedback).toHaveBeenCalledTimes(3)
    // Other keys are the text's: an arrow shows nothing.
    await user.keyboard('{ArrowLeft}')
    expect(onShowFeedback).toHaveBeenCalledTimes(3)
  })

  it('still shows a mark’s feedback on a click', async () => {
    const { onShowFeedback, user } = show()
    await user.click(within(screen.getByTestId('comment-mark-c1')).getByRole('button'))
    expect(onShowFeedback).toHaveBeenCalledWith('c1')
  })
})

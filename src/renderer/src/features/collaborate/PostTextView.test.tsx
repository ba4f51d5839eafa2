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

describe('PostTextView from the keyboard', () => {
  function write() {
    const onAnchor = vi.fn()
    renderInProviders(
      <PostTextView text="Hello world, said the team" feedback={[feedback[0]!]} onAnchor={onAnchor} onShowFeedback={vi.fn()} />,
      createFakeHost()
    )
    return { onAnchor, user: userEvent.setup() }
  }

  it('selects a word with → and ←, takes in more with Shift, and Enter then Space comments on the passage', async () => {
    const { onAnchor, user } = write()
    const view = screen.getByTestId('post-text-view')
    view.focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByTestId('selection-quote').textContent).toBe('“Hello”')
    // The browser's own selection shows it (the highlight a mouse would leave).
    expect(document.getSelection()?.toString()).toBe('Hello')
    await user.keyboard('{ArrowRight}')
    expect(screen.getByTestId('selection-quote').textContent).toBe('“world,”')
    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{/Shift}')
    expect(screen.getByTestId('selection-quote').textContent).toBe('“world, said the”')
    expect(screen.getByTestId('selection-announcement').textContent).toBe('Selected “world, said the”. Enter goes to Comment.')
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}')
    expect(screen.getByTestId('selection-quote').textContent).toBe('“world, said”')
    await user.keyboard('{Shift>}{End}{/Shift}')
    expect(screen.getByTestId('selection-quote').textContent).toBe('“world, said the team”')
    await user.keyboard('{Home}')
    expect(screen.getByTestId('selection-quote').textContent).toBe('“Hello”')
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}{Enter}')
    expect(document.activeElement).toBe(screen.getByTestId('selection-comment'))
    await user.keyboard(' ')
    expect(onAnchor).toHaveBeenCalledWith('COMMENT', { start: 0, end: 12, quote: 'Hello world,' })
  })

  it('lets go with Escape, and leaves keys to a mark’s button when Tab reached one', async () => {
    const { onAnchor, user } = write()
    screen.getByTestId('post-text-view').focus()
    await user.keyboard('{End}')
    expect(screen.getByTestId('selection-quote').textContent).toBe('“team”')
    await user.keyboard('{Escape}')
    expect(screen.queryByTestId('selection-actions')).toBeNull()
    expect(screen.getByTestId('selection-announcement').textContent).toBe('')
    // The comment mark over 'Hello' is a button of its own: an arrow there selects nothing.
    within(screen.getByTestId('comment-mark-c1')).getByRole('button').focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.queryByTestId('selection-actions')).toBeNull()
    expect(onAnchor).not.toHaveBeenCalled()
  })
})

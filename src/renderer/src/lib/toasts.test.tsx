// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createFakeHost } from '@renderer/testing/fakeHost'
import { renderInApp } from '@renderer/testing/render'
import { useNotify } from './toasts'

afterEach(cleanup)

function Buttons() {
  const notify = useNotify()
  return (
    <>
      <button onClick={() => notify({ title: 'First ✅' })}>first</button>
      <button onClick={() => notify({ title: 'Second ⚠️', intent: 'error' })}>second</button>
    </>
  )
}

describe('toasts', () => {
  it('show one at a time, the latest replacing the one showing', async () => {
    renderInApp(<Buttons />, createFakeHost())
    const events = userEvent.setup()
    // The toaster loads lazily beside the app: click until it is there to show the toast.
    await waitFor(async () => {
      await events.click(screen.getByText('first'))
      expect(screen.getByTestId('toast').textContent).toContain('First ✅')
    })
    await events.click(screen.getByText('second'))
    await waitFor(() => expect(screen.getAllByTestId('toast').map((t) => t.textContent)).toEqual(['Second ⚠️']))
  })
})

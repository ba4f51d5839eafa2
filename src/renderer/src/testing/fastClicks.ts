import { act } from '@testing-library/react'

/**
 * Two clicks before React renders in between, as a fast double click can be. userEvent and
 * fireEvent let React render after each event, so the first click's disabled button would stop the
 * second one and a test could not tell a real guard from a disabled button.
 */
export function doubleClickBeforeRender(element: HTMLElement) {
  act(() => {
    element.click()
    element.click()
  })
}

/**
 * Enter twice in a field before React renders in between. Enter in a field submits its form by
 * clicking the form's default button, and does nothing while that button is disabled (HTML's
 * implicit submission); happy-dom does not do this itself.
 */
export function doubleEnterBeforeRender(field: HTMLElement) {
  const press = () => {
    const notPrevented = field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }))
    const form = (field as HTMLInputElement).form ?? field.closest('form')
    const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]')
    if (notPrevented && button && !button.disabled) button.click()
  }
  act(() => {
    press()
    press()
  })
}

/** A reply that waits until the test lets it go, so a request is still pending at the second click. */
export function heldReply<T>(value: T) {
  let resolve: (value: T) => void = () => undefined
  const held = new Promise<T>((r) => {
    resolve = r
  })
  return {
    reply: () => held,
    /** Answers, and lets React finish what the answer sets off. */
    release: () => act(async () => resolve(value))
  }
}

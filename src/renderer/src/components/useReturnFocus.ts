import { useEffect, useState } from 'react'

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * Hands focus back to whatever opened a dialog once it closes, for a dialog that is mounted per
 * opening and draws its Fluent Dialog more than once (a loading state, then the form): Fluent
 * returns focus to what was focused when *its* Dialog mounted, which by then is gone, and focus
 * would fall to the page (or wherever the focus history points). The opener is taken when this
 * mounts — still focused then — and focused again after the close; if the opener went meanwhile
 * (a button the dialog's outcome removed), the first control of its nearest container still on
 * the page is, so a keyboard user carries on where they were.
 */
export function useReturnFocus(): void {
  const [opener] = useState(() => {
    const element = typeof document === 'undefined' ? null : document.activeElement
    if (!(element instanceof HTMLElement) || element === document.body) return null
    const containers: HTMLElement[] = []
    for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) containers.push(node)
    return { element, containers }
  })
  useEffect(() => {
    if (!opener) return
    return () => {
      // After Fluent's own restoring, which runs as the dialog unmounts.
      setTimeout(() => {
        const active = document.activeElement
        // Another dialog took focus, or the person went on elsewhere inside this one's container.
        if (active?.closest('[role="dialog"], [role="alertdialog"]')) return
        if (opener.element.isConnected) {
          if (active !== opener.element) opener.element.focus()
          return
        }
        const container = opener.containers.find((c) => c.isConnected)
        container?.querySelector<HTMLElement>(FOCUSABLE)?.focus()
      }, 0)
    }
  }, [opener])
}

/** useReturnFocus as an element, for a dialog component that stays mounted: render it while the dialog is open. */
export function ReturnFocusOnClose(): null {
  useReturnFocus()
  return null
}

import { useEffect } from 'react'
import { useBlocker } from 'react-router-dom'
import { useHost } from '@renderer/host/HostContext'
import { ConfirmDialog } from './ConfirmDialog'
import type { CloseQuestion } from './useUnsavedChangesGuard'

/**
 * Unsaved work is not left behind by moving in the app or closing the tab, while `active`:
 * - moving to another screen (a link, a deep link, a notification click, Back) waits for
 *   `question`; yes goes on (and calls `onLeave`), no stays. With `watch: 'address'` a change of
 *   the query alone (another settings section) asks too; with 'path' only another screen does;
 * - in a browser, closing or reloading the tab asks the browser's own question. The desktop window
 *   gets no beforeunload handler: Electron would silently refuse to close.
 * Returns the question's dialog, to render beside the work it guards.
 */
export function useLeaveGuard({
  active,
  question,
  watch = 'path',
  onLeave
}: {
  active: boolean
  question: CloseQuestion
  watch?: 'path' | 'address'
  onLeave?: () => void
}) {
  const host = useHost()
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active && (currentLocation.pathname !== nextLocation.pathname || (watch === 'address' && currentLocation.search !== nextLocation.search))
  )

  useEffect(() => {
    if (!active || host.kind !== 'web') return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers show their question only when returnValue is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [active, host.kind])

  const { texts } = question
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={texts.title}
      message={texts.message}
      confirmLabel={texts.confirmLabel}
      cancelLabel={texts.cancelLabel}
      destructive={question.destructive ?? true}
      onConfirm={() => {
        blocker.proceed?.()
        onLeave?.()
      }}
      onCancel={() => blocker.reset?.()}
      data-testid={question['data-testid']}
    />
  )
}

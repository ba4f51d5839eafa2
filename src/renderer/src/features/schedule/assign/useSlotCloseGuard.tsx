import { useEffect, useState, type ReactNode } from 'react'
import { useBlocker } from 'react-router-dom'
import { MESSAGES } from '@shared/api/messages'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { useHost } from '@renderer/host/HostContext'

/**
 * Closing the assign-slot modal (Cancel, an outside click, Escape) asks 'Are you sure you want to
 * cancel?' first, and a leave-page warning holds while it is open (spec §4):
 * - moving to another screen inside the app (a deep link, a notification click) waits for the
 *   same question;
 * - in a browser, closing or reloading the tab asks the browser's own question. The desktop
 *   window gets no beforeunload handler: Electron would silently refuse to close.
 * `ask` false closes at once (an edit with nothing changed). While a save runs, closing waits for
 * its answer, which closes the modal itself.
 */
export function useSlotCloseGuard({ ask, pending, onClose }: { ask: boolean; pending: boolean; onClose: () => void }): {
  requestClose: () => void
  confirmation: ReactNode
} {
  const host = useHost()
  const [asking, setAsking] = useState(false)
  const blocker = useBlocker(({ currentLocation, nextLocation }) => ask && currentLocation.pathname !== nextLocation.pathname)
  const leaving = blocker.state === 'blocked'

  useEffect(() => {
    if (!ask || host.kind !== 'web') return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers show their question only when returnValue is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [ask, host.kind])

  const requestClose = () => {
    if (pending) return
    if (ask) setAsking(true)
    else onClose()
  }

  const confirmation = (
    <ConfirmDialog
      open={asking || leaving}
      title={MESSAGES.cancelConfirmTitle}
      message={MESSAGES.cancelConfirmBody}
      confirmLabel="Yes"
      cancelLabel="No"
      onConfirm={() => {
        setAsking(false)
        if (leaving) blocker.proceed()
        onClose()
      }}
      onCancel={() => {
        setAsking(false)
        if (leaving) blocker.reset()
      }}
      data-testid="slot-cancel-confirm"
    />
  )
  return { requestClose, confirmation }
}

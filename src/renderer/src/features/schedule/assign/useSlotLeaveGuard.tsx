import { useEffect } from 'react'
import { useBlocker } from 'react-router-dom'
import { MESSAGES } from '@shared/api/messages'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import type { CloseQuestion } from '@renderer/components/useUnsavedChangesGuard'
import { useHost } from '@renderer/host/HostContext'

/** Spec §4: what closing the assign-slot modal asks (Cancel, an outside click, Escape, leaving the screen). */
export const SLOT_CANCEL_QUESTION: CloseQuestion = {
  texts: { title: MESSAGES.cancelConfirmTitle, message: MESSAGES.cancelConfirmBody, confirmLabel: 'Yes', cancelLabel: 'No' },
  'data-testid': 'slot-cancel-confirm',
  // Leaving throws away a form, not saved work: the modal never showed a red button here.
  destructive: false
}

/**
 * The assign-slot modal's leave-page warning (spec §4), while `active`; closing the modal itself is
 * the form-dialog kit's (FormDialog with SLOT_CANCEL_QUESTION):
 * - moving to another screen inside the app (a deep link, a notification click) waits for the
 *   same question as Cancel, and Yes closes the modal too;
 * - in a browser, closing or reloading the tab asks the browser's own question. The desktop
 *   window gets no beforeunload handler: Electron would silently refuse to close.
 * Returns the question's dialog, to render beside the modal.
 */
export function useSlotLeaveGuard({ active, onClose }: { active: boolean; onClose: () => void }) {
  const host = useHost()
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname)
  const leaving = blocker.state === 'blocked'

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

  const { texts } = SLOT_CANCEL_QUESTION
  return (
    <ConfirmDialog
      open={leaving}
      title={texts.title}
      message={texts.message}
      confirmLabel={texts.confirmLabel}
      cancelLabel={texts.cancelLabel}
      onConfirm={() => {
        blocker.proceed?.()
        onClose()
      }}
      onCancel={() => blocker.reset?.()}
      data-testid={SLOT_CANCEL_QUESTION['data-testid']}
    />
  )
}

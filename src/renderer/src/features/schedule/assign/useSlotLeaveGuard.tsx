import { MESSAGES } from '@shared/api/messages'
import type { CloseQuestion } from '@renderer/components/useUnsavedChangesGuard'

/**
 * Spec §4: what closing the assign-slot modal asks (Cancel, an outside click, Escape), and what
 * leaving the screen while it is open asks (components/useLeaveGuard.tsx, whose Yes closes it too).
 */
export const SLOT_CANCEL_QUESTION: CloseQuestion = {
  texts: { title: MESSAGES.cancelConfirmTitle, message: MESSAGES.cancelConfirmBody, confirmLabel: 'Yes', cancelLabel: 'No' },
  'data-testid': 'slot-cancel-confirm',
  // Leaving throws away a form, not saved work: the modal never showed a red button here.
  destructive: false
}

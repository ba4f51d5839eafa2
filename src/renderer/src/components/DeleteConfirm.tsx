import type { ReactNode } from 'react'
import { ConfirmDialog } from './ConfirmDialog'

interface DeleteConfirmProps {
  open: boolean
  /** The texts of CONFIRM_TEXTS.deleteUser / deleteTeam, or a dialog's own (the message may hold a choice). */
  title: string
  message?: ReactNode
  confirmLabel: string
  cancelLabel?: string
  /** Deletes, then does the success work (toast, closing the dialog behind). A rejection is the failure. */
  onDelete: () => Promise<void>
  /** Shows a failed delete; the confirm has closed by then. */
  onError: (error: unknown) => void
  /** Cancel, and the end of a delete either way. */
  onClose: () => void
  'data-testid': string
}

/**
 * The delete question of the form-dialog kit (see FormDialog): a red ConfirmDialog whose buttons wait
 * while the delete runs, and which deletes once however fast Delete is clicked twice (ConfirmDialog's
 * guard). It closes after the delete either way and hands a failure to onError. A dialog that holds one passes
 * its delete's pending state to useFormDialog as `busy`, so Save waits and closing is not guarded.
 */
export function DeleteConfirm({ open, title, message, confirmLabel, cancelLabel, onDelete, onError, onClose, 'data-testid': testId }: DeleteConfirmProps) {
  const confirm = async () => {
    try {
      await onDelete()
      onClose()
    } catch (error) {
      onClose()
      onError(error)
    }
  }

  return (
    <ConfirmDialog
      open={open}
      title={title}
      message={message}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      destructive
      onConfirm={confirm}
      onCancel={onClose}
      data-testid={testId}
    />
  )
}

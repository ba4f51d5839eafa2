import type { ReactNode } from 'react'
import { ConfirmDialog } from './ConfirmDialog'
import { useSingleFlight } from './useSingleFlight'

export interface DeleteConfirmProps {
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
 * The delete question of the form-dialog kit (see FormDialog): a red confirm whose buttons wait
 * while the delete runs, and which deletes once however fast Delete is clicked twice (a ref set
 * before the first await; React may not render between the clicks). A dialog that holds one passes
 * its delete's pending state to useFormDialog as `busy`, so Save waits and closing is not guarded.
 */
export function DeleteConfirm({ open, title, message, confirmLabel, cancelLabel, onDelete, onError, onClose, 'data-testid': testId }: DeleteConfirmProps) {
  const { running: busy, run } = useSingleFlight()

  const confirm = () =>
    run(async () => {
      try {
        await onDelete()
        onClose()
      } catch (error) {
        onClose()
        onError(error)
      }
    })

  return (
    <ConfirmDialog
      open={open}
      title={title}
      message={message}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      destructive
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      data-testid={testId}
    />
  )
}

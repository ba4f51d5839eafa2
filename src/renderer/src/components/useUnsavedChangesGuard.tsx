import { useCallback, useState, type ReactNode } from 'react'
import { CONFIRM_TEXTS, ConfirmDialog } from './ConfirmDialog'

/**
 * Closing a dialog with unsaved changes asks 'You have unsaved changes!' first (spec §4). Closing
 * while a save or delete is pending is not guarded, nor is closing a clean form.
 */
export function useUnsavedChangesGuard({ dirty, pending, onClose }: { dirty: boolean; pending: boolean; onClose: () => void }): {
  requestClose: () => void
  guard: ReactNode
} {
  const [asking, setAsking] = useState(false)
  const requestClose = useCallback(() => {
    if (dirty && !pending) setAsking(true)
    else onClose()
  }, [dirty, pending, onClose])

  const texts = CONFIRM_TEXTS.unsavedChanges
  const guard = (
    <ConfirmDialog
      open={asking}
      title={texts.title}
      message={texts.message}
      confirmLabel={texts.confirmLabel}
      cancelLabel={texts.cancelLabel}
      destructive
      onConfirm={() => {
        setAsking(false)
        onClose()
      }}
      onCancel={() => setAsking(false)}
      data-testid="unsaved-changes-dialog"
    />
  )
  return { requestClose, guard }
}

import { useCallback, useState, type ReactNode } from 'react'
import { CONFIRM_TEXTS, ConfirmDialog, type ConfirmTexts } from './ConfirmDialog'

/** The question asked before a changed form is thrown away, and the test id of its dialog. */
export interface CloseQuestion {
  texts: ConfirmTexts
  'data-testid': string
  /** The confirm button discards work, so it is red unless said otherwise. */
  destructive?: boolean
}

/** Spec §4: 'You have unsaved changes!'. */
const UNSAVED_CHANGES_QUESTION: CloseQuestion = { texts: CONFIRM_TEXTS.unsavedChanges, 'data-testid': 'unsaved-changes-dialog' }

interface UnsavedChangesGuardOptions {
  dirty: boolean
  pending: boolean
  onClose: () => void
  /**
   * Closing while a save or delete is pending: 'close' at once, unguarded (spec §4, the default),
   * or 'block' for a dialog whose pending work must finish first (its answer closes it).
   */
  whilePending?: 'close' | 'block'
  /** The question to ask; null closes a changed form without asking. */
  question?: CloseQuestion | null
}

/**
 * Closing a dialog with unsaved changes asks 'You have unsaved changes!' first (spec §4). Closing
 * while a save or delete is pending is not guarded, nor is closing a clean form. FormDialog uses
 * this; a new dialog should use FormDialog rather than this hook.
 */
export function useUnsavedChangesGuard({
  dirty,
  pending,
  onClose,
  whilePending = 'close',
  question = UNSAVED_CHANGES_QUESTION
}: UnsavedChangesGuardOptions): {
  requestClose: () => void
  guard: ReactNode
} {
  const [asking, setAsking] = useState(false)
  const requestClose = useCallback(() => {
    if (pending) {
      if (whilePending === 'close') onClose()
    } else if (dirty && question) setAsking(true)
    else onClose()
  }, [dirty, pending, onClose, whilePending, question])

  const guard = question ? (
    <ConfirmDialog
      open={asking}
      title={question.texts.title}
      message={question.texts.message}
      confirmLabel={question.texts.confirmLabel}
      cancelLabel={question.texts.cancelLabel}
      destructive={question.destructive ?? true}
      onConfirm={() => {
        setAsking(false)
        onClose()
      }}
      onCancel={() => setAsking(false)}
      data-testid={question['data-testid']}
    />
  ) : null
  return { requestClose, guard }
}

import type { FormEvent, ReactNode } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  makeStyles,
  tokens
} from '@fluentui/react-components'
import { failureToast } from '@renderer/lib/failureToast'
import { describeFailure } from '@renderer/lib/formErrors'
import { useNotify, type ToastTitleText } from '@renderer/lib/toasts'
import type { FormDialogState, SubmitHandler } from './useFormDialog'

export { useFormDialog, type FormDialogOptions, type FormDialogState, type Submission, type SubmitHandler } from './useFormDialog'
export { DeleteConfirm, type DeleteConfirmProps } from './DeleteConfirm'

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', width: '100%', gap: tokens.spacingHorizontalS },
  spacer: { flexGrow: 1 }
})

/** How a failed save is shown: the kit's default (field messages, else a toast titled so) or the dialog's own. */
type FailureHandling = { failureTitle: ToastTitleText; onError?: never } | { onError: (error: unknown) => void; failureTitle?: never }

export type FormDialogProps<V> = FailureHandling & {
  /** From useFormDialog, called in the same component. */
  form: FormDialogState<V>
  title: ReactNode
  /** The form's accessible name. */
  label: string
  onSubmit: SubmitHandler<V>
  /** Save is disabled while false (spec §5's 'disabled until valid' rules). Default true. */
  canSubmit?: boolean
  submitLabel?: ReactNode
  /** Buttons at the start of the action row, before a gap (Delete). */
  startActions?: ReactNode
  /** The surface's class (its width). */
  className?: string
  testIds: { dialog?: string; submit: string; cancel?: string }
  children: ReactNode
}

/**
 * THE way a dialog with a form is written in Pagecrew (DESIGN.md §7, "one form-dialog kit"): every
 * new dialog is a FormDialog with useFormDialog, and a delete inside one is a DeleteConfirm. Do not
 * hand-roll Dialog + form + Save again. The kit gives every dialog the same rules:
 * - dirty tracking against the saved values, and spec §4's close rules: closing a changed form
 *   asks 'You have unsaved changes!', a clean one closes at once, and closing during a pending
 *   save or delete is not guarded (or waits, with `whileSaving: 'block'`);
 * - field errors beside their fields (`form.errors`), the server's included by default;
 * - Save's spinner while saving, and no double submission: a second click or Enter while a save
 *   runs does nothing;
 * - one idempotency key per submission, handed to `onSubmit` for the request's Idempotency-Key
 *   header (DESIGN.md §7).
 *
 * Mount it per open (`open ? <X key={id} /> : null`) so each open starts from the saved values.
 *
 *     const form = useFormDialog({ initial, onClose })
 *     <FormDialog form={form} title="New thing" label="New thing" failureTitle="Thing not saved ⚠️"
 *       testIds={{ dialog: 'thing-dialog', submit: 'thing-save', cancel: 'thing-cancel' }}
 *       onSubmit={async ({ values, idempotencyKey }) => { await create.mutateAsync({ body: values, idempotencyKey }); onClose() }}>
 *       <Field label="Name" validationMessage={form.errors.name}>…</Field>
 *     </FormDialog>
 */
export function FormDialog<V>({
  form,
  title,
  label,
  onSubmit,
  onError,
  failureTitle,
  canSubmit = true,
  submitLabel = 'Save',
  startActions,
  className,
  testIds,
  children
}: FormDialogProps<V>) {
  const styles = useStyles()
  const notify = useNotify()

  const showFailure = (error: unknown) => {
    const failure = describeFailure(error)
    form.setErrors(failure.fields)
    if (failure.message && failureTitle) notify(failureToast(failureTitle, error))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!canSubmit) return
    void form.submit(onSubmit, onError ?? showFailure)
  }

  return (
    <>
      <Dialog open onOpenChange={(_, data) => (data.open ? undefined : form.requestClose())}>
        <DialogSurface className={className} data-testid={testIds.dialog} aria-describedby={undefined}>
          <form onSubmit={submit} noValidate aria-label={label}>
            <DialogBody>
              <DialogTitle>{title}</DialogTitle>
              <DialogContent className={styles.content}>{children}</DialogContent>
              <DialogActions fluid={startActions !== undefined} className={startActions !== undefined ? styles.actions : undefined}>
                {startActions}
                {startActions !== undefined ? <span className={styles.spacer} /> : null}
                <Button appearance="secondary" onClick={form.requestClose} disabled={form.closeBlocked} data-testid={testIds.cancel}>
                  Cancel
                </Button>
                <Button
                  appearance="primary"
                  type="submit"
                  disabled={!canSubmit || form.busy}
                  icon={form.submitting ? <Spinner size="tiny" /> : undefined}
                  data-testid={testIds.submit}
                >
                  {submitLabel}
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
      {form.closeGuard}
    </>
  )
}

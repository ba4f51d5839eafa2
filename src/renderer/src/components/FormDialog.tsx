import type { FormEvent, ReactElement, ReactNode } from 'react'
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
  mergeClasses,
  tokens
} from '@fluentui/react-components'
import { failureToast } from '@renderer/lib/failureToast'
import { describeFailure } from '@renderer/lib/formErrors'
import { useNotify, type ToastTitleText } from '@renderer/lib/toasts'
import type { FormDialogState, SubmitHandler } from './useFormDialog'

export { useFormDialog, type FormDialogOptions, type FormDialogState, type Submission, type SubmitHandler } from './useFormDialog'
export { DeleteConfirm } from './DeleteConfirm'

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', width: '100%', gap: tokens.spacingHorizontalS },
  // The footer takes a line of its own above the buttons.
  wrap: { flexWrap: 'wrap' },
  footer: { flexBasis: '100%' },
  spacer: { flexGrow: 1 }
})

/** How a failed save is shown: the kit's default (field messages, else a toast titled so) or the dialog's own. */
type FailureHandling = { failureTitle: ToastTitleText; onError?: never } | { onError: (error: unknown) => void; failureTitle?: never }

type FormDialogProps<V> = FailureHandling & {
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
  /** Beside the title (a close button). */
  titleAction?: ReactElement
  /**
   * Above the buttons, outside the fields (which scroll when the window is short), so it stays in
   * view with Save: a choice that goes with saving, such as a series edit's scope.
   */
  footer?: ReactNode
  /** The cancel button as a step's own ('Back' to the previous step); it waits while closing is blocked. Default: 'Cancel', closing. */
  cancel?: { label: ReactNode; onClick: () => void }
  /**
   * Inside a DialogSurface the caller already shows (a panel in place of another dialog's message,
   * or one step of a dialog with several): only the form, its title and buttons. The caller's
   * Dialog sends Escape and outside clicks to `form.requestClose`; `className` and `testIds.dialog`
   * then belong on its surface.
   */
  embedded?: boolean
  /** The surface's class (its width). */
  className?: string
  testIds: { dialog?: string; form?: string; submit: string; cancel?: string }
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
 * A form that is one step of a bigger dialog, or a panel inside another dialog's surface, is
 * `embedded`: the same rules, without a dialog of its own.
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
  titleAction,
  footer,
  cancel,
  embedded = false,
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

  const fluid = startActions !== undefined || footer !== undefined
  const body = (
    <form onSubmit={submit} noValidate aria-label={label} data-testid={testIds.form}>
      <DialogBody>
        <DialogTitle action={titleAction}>{title}</DialogTitle>
        <DialogContent className={styles.content}>{children}</DialogContent>
        <DialogActions fluid={fluid} className={fluid ? mergeClasses(styles.actions, footer !== undefined && styles.wrap) : undefined}>
          {footer !== undefined ? <div className={styles.footer}>{footer}</div> : null}
          {startActions}
          {fluid ? <span className={styles.spacer} /> : null}
          <Button appearance="secondary" onClick={cancel?.onClick ?? form.requestClose} disabled={form.closeBlocked} data-testid={testIds.cancel}>
            {cancel?.label ?? 'Cancel'}
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
  )

  return (
    <>
      {embedded ? (
        body
      ) : (
        <Dialog open onOpenChange={(_, data) => (data.open ? undefined : form.requestClose())}>
          <DialogSurface className={className} data-testid={testIds.dialog} aria-describedby={undefined}>
            {body}
          </DialogSurface>
        </Dialog>
      )}
      {form.closeGuard}
    </>
  )
}

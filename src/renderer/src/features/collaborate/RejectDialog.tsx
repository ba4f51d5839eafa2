import { Field, Textarea, makeStyles } from '@fluentui/react-components'
import { REJECTION_REASON_MAX } from '@shared/api/contract'
import { MESSAGES } from '@shared/api/messages'
import { useRejectPost } from '@renderer/api/review'
import { FormDialog, useFormDialog } from '@renderer/components/FormDialog'
import { useNotify } from '@renderer/lib/toasts'

const useStyles = makeStyles({ surface: { maxWidth: '520px', width: '100%' } })

/**
 * Reject (or revoke an approval) with a reason, which the author is told (issue 13). Built on the
 * form-dialog kit: the reason is required, a changed reason asks before closing, one submission at
 * a time. Mounted per open.
 */
export function RejectDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const styles = useStyles()
  const notify = useNotify()
  const reject = useRejectPost()
  const form = useFormDialog({ initial: { reason: '' }, onClose })
  const empty = form.values.reason.trim() === ''
  return (
    <FormDialog
      form={form}
      title="Reject post"
      label="Reject post"
      submitLabel="Reject"
      canSubmit={!empty}
      failureTitle="Post not rejected ⚠️"
      className={styles.surface}
      testIds={{ dialog: 'reject-dialog', submit: 'reject-confirm', cancel: 'reject-cancel' }}
      onSubmit={async ({ values }) => {
        await reject.mutateAsync({ postId, reason: values.reason.trim() })
        notify({ title: 'Post rejected ✅', body: 'The author has been told why.' })
        onClose()
      }}
    >
      <Field
        label="Reason"
        required
        hint="The author sees it with the post and can change the post and send it again."
        validationMessage={form.errors.reason ?? (form.dirty && empty ? MESSAGES.rejectionReasonEmpty : undefined)}
      >
        <Textarea
          value={form.values.reason}
          onChange={(_, data) => form.set('reason', data.value)}
          maxLength={REJECTION_REASON_MAX}
          resize="vertical"
          rows={4}
          data-testid="reject-reason"
        />
      </Field>
    </FormDialog>
  )
}

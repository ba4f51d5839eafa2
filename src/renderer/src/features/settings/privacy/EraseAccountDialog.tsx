import { Field, Input, MessageBar, MessageBarBody, Text } from '@fluentui/react-components'
import { FORMER_MEMBER_NAME, type ErasurePreview } from '@shared/domain/privacy'
import { FormDialog, useFormDialog, type Submission } from '@renderer/components/FormDialog'

interface EraseForm {
  confirmation: string
  currentPassword: string
}

interface EraseAccountDialogProps {
  /** Whose account: the person's own (Settings → Privacy) or a member's (an admin, Members). */
  mode: 'self' | 'member'
  /** The member's name (mode 'member'). */
  name?: string
  preview: ErasurePreview
  onErase: (values: EraseForm, idempotencyKey: string) => Promise<void>
  onClose: () => void
}

/** What happens to posts and comments in one organization, as its setting says. */
export function contentSentence(organizationName: string, content: 'keep' | 'remove', whose: 'your' | 'their'): string {
  return content === 'keep'
    ? `${organizationName} keeps ${whose} posts and comments, shown as written by "${FORMER_MEMBER_NAME}".`
    : `${organizationName} removes ${whose} posts and comments.`
}

/**
 * "Delete my account" / "Erase account": says exactly what happens (per organization, its setting),
 * then asks for the account's email typed (and the current password of a password account). A
 * FormDialog: one submission at a time, its Idempotency-Key per submission.
 */
export function EraseAccountDialog({ mode, name, preview, onErase, onClose }: EraseAccountDialogProps) {
  const form = useFormDialog<EraseForm>({ initial: { confirmation: '', currentPassword: '' }, onClose, whileSaving: 'block' })
  const whose = mode === 'self' ? 'your' : 'their'
  const typedRight = form.values.confirmation.trim().toLowerCase() === preview.email.toLowerCase()
  const passwordNeeded = mode === 'self' && preview.passwordRequired
  const canSubmit = preview.blockedBy === null && typedRight && (!passwordNeeded || form.values.currentPassword !== '')
  const title = mode === 'self' ? 'Delete your account?' : `Erase ${name ?? 'this member'}’s account?`
  const submit = ({ values, idempotencyKey }: Submission<EraseForm>) => onErase(values, idempotencyKey)

  return (
    <FormDialog
      form={form}
      title={title}
      label={title}
      onSubmit={submit}
      failureTitle={mode === 'self' ? 'Account not deleted ⚠️' : 'Account not erased ⚠️'}
      canSubmit={canSubmit}
      submitLabel={mode === 'self' ? 'Delete my account' : 'Erase account'}
      testIds={{ dialog: 'erase-account-dialog', submit: 'erase-account-submit', cancel: 'erase-account-cancel' }}
    >
      {preview.blockedBy ? (
        <MessageBar intent="warning" data-testid="erase-account-blocked">
          <MessageBarBody>{preview.blockedBy}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Text as="p" data-testid="erase-account-summary">
        {mode === 'self' ? 'Your account is deleted for good: ' : 'The account is deleted for good: '}
        {whose} name, email, photo, LinkedIn connection, SSI, certificates and notifications are erased, and{' '}
        {mode === 'self' ? 'you are signed out on every device.' : 'they are signed out on every device.'} The audit log keeps only that an account was erased,
        by whom and when.
      </Text>
      {preview.organizations.map((o) => (
        <Text as="p" key={o.id} data-testid="erase-account-organization">
          {contentSentence(o.name, o.erasedMemberContent, whose)}
        </Text>
      ))}
      <Field
        label={`Type ${preview.email} to confirm`}
        validationState={form.errors.confirmation ? 'error' : 'none'}
        validationMessage={form.errors.confirmation}
      >
        <Input value={form.values.confirmation} onChange={(_, d) => form.set('confirmation', d.value)} autoComplete="off" data-testid="erase-account-confirmation" />
      </Field>
      {passwordNeeded ? (
        <Field label="Current password" validationState={form.errors.currentPassword ? 'error' : 'none'} validationMessage={form.errors.currentPassword}>
          <Input
            type="password"
            value={form.values.currentPassword}
            onChange={(_, d) => form.set('currentPassword', d.value)}
            autoComplete="current-password"
            data-testid="erase-account-password"
          />
        </Field>
      ) : null}
      <Text weight="semibold">This cannot be undone.</Text>
    </FormDialog>
  )
}

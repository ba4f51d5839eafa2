import { useState, type FormEvent } from 'react'
import { Button, Card, Field, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import type { User } from '@shared/domain'
import { useUpdatePassword } from '@renderer/api/user'
import { useNotify } from '@renderer/lib/toasts'
import { describeFailure, type FieldErrors } from '@renderer/lib/formErrors'
import { PasswordStrengthMeter, usePasswordVerdict } from './PasswordStrength'

const useStyles = makeStyles({
  card: { maxWidth: '560px', padding: tokens.spacingHorizontalXL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', justifyContent: 'flex-end' }
})

export const PASSWORD_TEXTS = {
  currentMissing: 'Enter your current password.',
  newTooShort: 'Use at least 8 characters.',
  mismatch: 'The passwords do not match.',
  changedTitle: 'Password changed ✅',
  changedBody: 'You are still signed in here. Your other devices were signed out.',
  failedTitle: 'Password not changed ⚠️'
} as const

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' }

interface PasswordFieldProps {
  label: string
  hint?: string
  autoComplete: 'current-password' | 'new-password'
  value: string
  onChange: (event: unknown, data: { value: string }) => void
  error: string | undefined
  testId: string
}

/** A required password input in its labelled field, showing its validation message. */
function PasswordField({ label, hint, autoComplete, value, onChange, error, testId }: PasswordFieldProps) {
  return (
    <Field label={label} required validationMessage={error} hint={hint}>
      <Input type="password" autoComplete={autoComplete} value={value} onChange={onChange} maxLength={256} data-testid={testId} />
    </Field>
  )
}

/**
 * Settings → Change password (issue 12): current, new and confirmation, with a strength meter
 * driven by the estimator the server judges with. Save stays disabled while the meter says the
 * new password is too easy to guess.
 */
export function ChangePasswordCard({ user }: { user: Pick<User, 'email' | 'fullName'> }) {
  const styles = useStyles()
  const notify = useNotify()
  const update = useUpdatePassword()
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const verdict = usePasswordVerdict(values.newPassword, user)
  const set = (key: keyof typeof EMPTY) => (_: unknown, data: { value: string }) => setValues((v) => ({ ...v, [key]: data.value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (update.isPending) return
    const problems: FieldErrors = {}
    if (values.currentPassword === '') problems.currentPassword = PASSWORD_TEXTS.currentMissing
    if (values.newPassword.length < 8) problems.newPassword = PASSWORD_TEXTS.newTooShort
    else if (verdict && !verdict.ok) problems.newPassword = verdict.message ?? undefined
    if (values.confirmPassword !== values.newPassword) problems.confirmPassword = PASSWORD_TEXTS.mismatch
    setErrors(problems)
    if (Object.keys(problems).length > 0) return
    try {
      await update.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword })
    } catch (error) {
      const failure = describeFailure(error)
      setErrors(failure.fields)
      if (failure.message) notify({ title: PASSWORD_TEXTS.failedTitle, body: failure.message, intent: 'error' })
      return
    }
    setValues(EMPTY)
    setErrors({})
    notify({ title: PASSWORD_TEXTS.changedTitle, body: PASSWORD_TEXTS.changedBody })
  }

  const weak = verdict !== null && !verdict.ok
  return (
    <Card className={styles.card}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label="Change password">
        <h2 className={styles.heading}>Change password</h2>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
          testId="password-current"
        />
        <PasswordField
          label="New password"
          hint="At least 8 characters and hard to guess: a few uncommon words work well."
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
          testId="password-new"
        />
        <PasswordStrengthMeter verdict={verdict} />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
          testId="password-confirm"
        />
        <Text size={200}>Changing your password signs you out on your other devices.</Text>
        <div className={styles.actions}>
          <Button
            appearance="primary"
            type="submit"
            disabled={update.isPending || weak}
            icon={update.isPending ? <Spinner size="tiny" /> : undefined}
            data-testid="password-save"
          >
            Change password
          </Button>
        </div>
      </form>
    </Card>
  )
}

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
        <Field label="Current password" required validationMessage={errors.currentPassword}>
          <Input
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={set('currentPassword')}
            maxLength={256}
            data-testid="password-current"
          />
        </Field>
        <Field
          label="New password"
          required
          validationMessage={errors.newPassword}
          hint="At least 8 characters and hard to guess: a few uncommon words work well."
        >
          <Input
            type="password"
            autoComplete="new-password"
            value={values.newPassword}
            onChange={set('newPassword')}
            maxLength={256}
            data-testid="password-new"
          />
        </Field>
        <PasswordStrengthMeter verdict={verdict} />
        <Field label="Confirm new password" required validationMessage={errors.confirmPassword}>
          <Input
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            maxLength={256}
            data-testid="password-confirm"
          />
        </Field>
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

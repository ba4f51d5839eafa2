import { useState, type FormEvent } from 'react'
import { Button, Card, Field, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { emailSchema } from '@shared/api/contract'
import type { User } from '@shared/domain'
import { paths } from '@shared/routes'
import { GENERIC_ERROR_MESSAGE, isApiError } from '@renderer/api/client'
import { useUpdateUserDetails, useUpdateUserEmail, useUser } from '@renderer/api/user'
import { useNotify } from '@renderer/lib/toasts'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { RouterLink } from '@renderer/components/RouterLink'
import { TimeZonePicker } from '@renderer/components/TimeZonePicker'
import { describeFailure, type FieldErrors } from '@renderer/lib/formErrors'
import { ChangePasswordCard } from './ChangePassword'
import { LinkedInConnectionCard } from './LinkedInConnection'
import { ProfilePhotoCard } from './photo/ProfilePhotoCard'
import { SignOutEverywhereCard } from './SignOutEverywhere'
import { SsiSection } from './SsiSection'
import { YourTopicTags } from './YourTopicTags'

const useStyles = makeStyles({
  card: { maxWidth: '560px', padding: tokens.spacingHorizontalXL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', justifyContent: 'flex-end' },
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL }
})

/**
 * Email errors show the server's text, or the generic text when it has none (spec §8); a wrong
 * current password (or too many tries) shows under the password field.
 */
function emailErrorsOf(error: unknown): FieldErrors {
  if (!isApiError(error) || error.status <= 0 || error.status >= 500) return { email: GENERIC_ERROR_MESSAGE }
  if (error.fields.currentPassword) return { currentPassword: error.fields.currentPassword }
  if (error.status === 429) return { currentPassword: error.message }
  return { email: error.fields.email ?? error.message }
}

export const CURRENT_PASSWORD_FOR_EMAIL = 'Enter your current password to change your email.'

function ProfileForm({ user }: { user: User }) {
  const styles = useStyles()
  const notify = useNotify()
  const updateDetails = useUpdateUserDetails()
  const updateEmail = useUpdateUserEmail()
  const [fullName, setFullName] = useState(user.fullName)
  const [email, setEmail] = useState(user.email)
  const [timezone, setTimezone] = useState(user.timezone)
  const [currentPassword, setCurrentPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const saving = updateDetails.isPending || updateEmail.isPending
  // Changing the email asks for the password (issue 12): the field shows once the email differs.
  const emailEdited = email.trim().toLowerCase() !== user.email.toLowerCase()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const nextErrors: FieldErrors = {}
    if (fullName.trim() === '') nextErrors.fullName = 'Enter your full name.'
    const parsedEmail = emailSchema.safeParse(email)
    if (!parsedEmail.success) nextErrors.email = parsedEmail.error.issues[0]?.message
    if (emailEdited && currentPassword === '') nextErrors.currentPassword = CURRENT_PASSWORD_FOR_EMAIL
    setErrors(nextErrors)
    if (!parsedEmail.success || Object.keys(nextErrors).length > 0) return

    const details: { fullName?: string; timezone?: string } = {}
    if (fullName.trim() !== user.fullName) details.fullName = fullName.trim()
    if (timezone && timezone !== user.timezone) details.timezone = timezone
    const emailChanged = parsedEmail.data !== user.email.toLowerCase()

    const failures: FieldErrors = {}
    let failed = false
    if (Object.keys(details).length > 0) {
      try {
        await updateDetails.mutateAsync(details)
      } catch (error) {
        failed = true
        const failure = describeFailure(error)
        Object.assign(failures, failure.fields)
        if (failure.message) notify({ title: 'Profile not saved ⚠️', body: failure.message, intent: 'error' })
      }
    }
    if (emailChanged) {
      try {
        await updateEmail.mutateAsync({ email: parsedEmail.data, currentPassword })
        setCurrentPassword('')
      } catch (error) {
        failed = true
        Object.assign(failures, emailErrorsOf(error))
      }
    }
    setErrors(failures)
    if (!failed) {
      const body = emailChanged ? 'Your profile has been updated. Your other devices were signed out.' : 'Your profile has been updated.'
      notify({ title: 'Profile saved ✅', body })
    }
  }

  return (
    <Card className={styles.card}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label="Profile">
        <h2 className={styles.heading}>Profile</h2>
        <Field label="Full name" required validationMessage={errors.fullName}>
          <Input value={fullName} onChange={(_, d) => setFullName(d.value)} maxLength={200} data-testid="profile-full-name" />
        </Field>
        <Field label="Email" required validationMessage={errors.email}>
          <Input type="email" value={email} onChange={(_, d) => setEmail(d.value)} data-testid="profile-email" />
        </Field>
        {emailEdited ? (
          <Field
            label="Current password"
            required
            validationMessage={errors.currentPassword}
            hint="Needed to change your email. Your other devices will be signed out."
          >
            <Input
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(_, d) => setCurrentPassword(d.value)}
              maxLength={256}
              data-testid="profile-current-password"
            />
          </Field>
        ) : null}
        <Field label="Time zone" validationMessage={errors.timezone} hint="Times across Pagecrew are shown in this time zone.">
          <TimeZonePicker value={timezone} onChange={setTimezone} data-testid="profile-timezone" />
        </Field>
        <div className={styles.actions}>
          <Button appearance="primary" type="submit" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined} data-testid="profile-save">
            Save
          </Button>
        </div>
      </form>
    </Card>
  )
}

/** /settings: the user's own profile (spec §2 Profile and Settings both open it). */
export default function ProfileSettingsPage() {
  const styles = useStyles()
  const user = useUser()
  if (user.isPending) return <LoadingState inline label="Loading your profile…" />
  if (user.isError) return <ErrorState onRetry={() => void user.refetch()} />
  return (
    <div className={styles.page}>
      <ProfileForm key={user.data.id} user={user.data} />
      <ProfilePhotoCard user={user.data} />
      <ChangePasswordCard user={user.data} />
      <SignOutEverywhereCard />
      <LinkedInConnectionCard timezone={user.data.timezone || null} />
      <SsiSection timezone={user.data.timezone || null} />
      <YourTopicTags userId={user.data.id} />
      <Card className={styles.card}>
        <h2 className={styles.heading}>Plan and billing</h2>
        <Text>
          Your organization&rsquo;s plan, seats and invoices are in{' '}
          <RouterLink to={paths.billingSettings} inline data-testid="settings-billing-link">
            Billing
          </RouterLink>
          .
        </Text>
      </Card>
      <Card className={styles.card}>
        <h2 className={styles.heading}>Privacy</h2>
        <Text>
          Download everything Pagecrew holds about you, or delete your account, in{' '}
          <RouterLink to={paths.privacySettings} inline data-testid="settings-privacy-link">
            Privacy
          </RouterLink>
          .
        </Text>
      </Card>
    </div>
  )
}

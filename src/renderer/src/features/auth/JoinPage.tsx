import { useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { signupBodySchema } from '@shared/api/contract'
import { MESSAGES } from '@shared/api/messages'
import type { JoinInfo } from '@shared/domain'
import { paths } from '@shared/routes'
import { GENERIC_ERROR_MESSAGE, isApiError } from '@renderer/api/client'
import { useAcceptInvitation, useJoinInfo } from '@renderer/api/join'
import { LoadingState } from '@renderer/components/LoadingState'
import { RouterLink } from '@renderer/components/RouterLink'
import { describeFailure, type FieldErrors } from '@renderer/lib/formErrors'
import { CenteredCard } from '@renderer/components/CenteredCard'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM }
})

/** The server's own words for a bad or expired link (a 4xx), the generic text otherwise. */
function linkProblem(error: unknown): string {
  return isApiError(error) && error.isClientError ? error.message : GENERIC_ERROR_MESSAGE
}

/** A link accepted already (410 join_link_used): its own words, or null for any other failure. */
function usedLinkMessage(error: unknown): string | null {
  return isApiError(error) && error.code === 'join_link_used' ? error.message || MESSAGES.joinLinkUsed : null
}

/**
 * The link was accepted already: the invitee has an account in the organization, so signing in
 * (with a password, or through single sign-on where the organization requires it) is the way in.
 */
function UsedLink({ message }: { message: string }) {
  const navigate = useNavigate()
  return (
    <CenteredCard title="Join an organization">
      <MessageBar intent="info" data-testid="join-link-used">
        <MessageBarBody>{message}</MessageBarBody>
      </MessageBar>
      <Button appearance="primary" onClick={() => void navigate(paths.login)} data-testid="join-sign-in">
        Sign in
      </Button>
    </CenteredCard>
  )
}

function JoinForm({ token, info, onUsed }: { token: string; info: JoinInfo; onUsed: (message: string) => void }) {
  const styles = useStyles()
  const navigate = useNavigate()
  const accept = useAcceptInvitation()
  const [fullName, setFullName] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems: FieldErrors = {}
    if (!info.hasAccount) {
      const parsed = signupBodySchema.pick({ fullName: true, password: true }).safeParse({ fullName, password })
      if (!parsed.success) for (const issue of parsed.error.issues) problems[String(issue.path[0])] ??= issue.message
    } else if (password === '') {
      problems.password = 'Enter your password.'
    }
    setErrors(problems)
    if (Object.keys(problems).length > 0) return
    setFormError(null)
    accept.mutate(
      { token, password, ...(info.hasAccount ? {} : { fullName: fullName.trim() }) },
      {
        onSuccess: () => void navigate(paths.dashboard, { replace: true }),
        onError: (error) => {
          // Accepted meanwhile (another tab, or a double submit that lost): say so, not "invalid".
          const used = usedLinkMessage(error)
          if (used !== null) return onUsed(used)
          const failure = describeFailure(error)
          setErrors(failure.fields)
          setFormError(failure.message)
        }
      }
    )
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Join the organization">
      <Text data-testid="join-invitation">
        {info.invitedBy ? `${info.invitedBy} invited you to join ` : 'You are invited to join '}
        <Text weight="semibold" data-testid="join-organization">
          {info.organizationName}
        </Text>
        .
      </Text>
      {formError ? (
        <MessageBar intent="error" data-testid="join-error">
          <MessageBarBody>{formError}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Field label="Email">
        <Input value={info.email} readOnly data-testid="join-email" />
      </Field>
      {info.hasAccount ? (
        <Text>You already have a Pagecrew account. Enter its password to join.</Text>
      ) : (
        <Field label="Full name" required validationMessage={errors.fullName}>
          <Input autoComplete="name" value={fullName} onChange={(_, d) => setFullName(d.value)} maxLength={200} data-testid="join-full-name" />
        </Field>
      )}
      <Field label={info.hasAccount ? 'Password' : 'Choose a password'} required validationMessage={errors.password}>
        <Input
          type="password"
          autoComplete={info.hasAccount ? 'current-password' : 'new-password'}
          value={password}
          onChange={(_, d) => setPassword(d.value)}
          data-testid="join-password"
        />
      </Field>
      <Button appearance="primary" type="submit" disabled={accept.isPending} icon={accept.isPending ? <Spinner size="tiny" /> : undefined} data-testid="join-submit">
        Join {info.organizationName}
      </Button>
    </form>
  )
}

/** /join?token=…: accept an invitation with a new or existing account, then go to the dashboard. */
export default function JoinPage() {
  const [params] = useSearchParams()
  const token = params.get('token')?.trim() ?? ''
  const info = useJoinInfo(token)
  const [usedOnAccept, setUsedOnAccept] = useState<string | null>(null)

  if (token !== '' && info.isPending) return <LoadingState shape="card" label="Opening your invitation…" />
  const used = usedOnAccept ?? (info.isError ? usedLinkMessage(info.error) : null)
  if (used !== null) return <UsedLink message={used} />
  const problem = token === '' ? MESSAGES.invalidInvitation : info.isError ? linkProblem(info.error) : null
  if (problem !== null || !info.data) {
    return (
      <CenteredCard title="Join an organization">
        <MessageBar intent="error" data-testid="join-link-error">
          <MessageBarBody>{problem ?? GENERIC_ERROR_MESSAGE}</MessageBarBody>
        </MessageBar>
        <Text data-testid="join-invalid-hint">
          Ask your admin for a new invitation. Joined already? <RouterLink to={paths.login}>Sign in</RouterLink>.
        </Text>
      </CenteredCard>
    )
  }
  return (
    <CenteredCard title="Join an organization" subtitle={info.data.hasAccount ? 'Sign in to accept.' : 'Create your account to accept.'}>
      <JoinForm token={token} info={info.data} onUsed={setUsedOnAccept} />
    </CenteredCard>
  )
}

import { useEffect, useState, type FormEvent } from 'react'
import { useLocation } from 'react-router-dom'
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { emailSchema, loginBodySchema } from '@shared/api/contract'
import { useLogin } from '@renderer/api/auth'
import { useDiscoverSso, useStartSso } from '@renderer/api/sso'
import { RouterLink } from '@renderer/components/RouterLink'
import { describeFailure, zodFieldErrors, type FieldErrors } from '@renderer/lib/formErrors'
import { CenteredCard } from '@renderer/components/CenteredCard'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM }
})

/** How long typing pauses before the email's domain is asked about single sign-on. */
const SSO_LOOKUP_DELAY_MS = 400

/**
 * Sign-in with the built-in provider, or single sign-on when the email's domain belongs to an
 * organization that has it (issue 17): offered beside the password, or, when the organization
 * requires it, instead of it. The guest gate moves on once the session exists.
 */
export default function LoginPage() {
  const styles = useStyles()
  const login = useLogin()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [lookedUpEmail, setLookedUpEmail] = useState<string | null>(null)
  const discovery = useDiscoverSso(lookedUpEmail)
  const startSso = useStartSso()
  // The page the auth gate sent the user here from (GuestGate returns a password sign-in there too).
  const location = useLocation()
  const from = (location.state as { from?: unknown } | null)?.from
  const returnTo = typeof from === 'string' ? from : null
  const sso = lookedUpEmail !== null && discovery.data ? discovery.data.sso : 'none'

  useEffect(() => {
    const parsed = emailSchema.safeParse(email)
    const timer = setTimeout(() => setLookedUpEmail(parsed.success ? parsed.data : null), SSO_LOOKUP_DELAY_MS)
    return () => clearTimeout(timer)
  }, [email])

  const continueWithSso = () => {
    if (lookedUpEmail === null) return
    setFormError(null)
    startSso.mutate({ email: lookedUpEmail, returnTo }, { onError: (error) => setFormError(describeFailure(error).message ?? Object.values(describeFailure(error).fields)[0] ?? null) })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = loginBodySchema.safeParse({ email, password })
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error))
      return
    }
    setErrors({})
    setFormError(null)
    login.mutate(parsed.data, {
      onError: (error) => {
        const failure = describeFailure(error)
        setErrors(failure.fields)
        setFormError(failure.message)
      }
    })
  }

  return (
    <CenteredCard title="Sign in" subtitle="Welcome back to Pagecrew.">
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Sign in">
        {formError ? (
          <MessageBar intent="error" data-testid="login-error">
            <MessageBarBody>{formError}</MessageBarBody>
          </MessageBar>
        ) : null}
        <Field label="Email" required validationMessage={errors.email}>
          <Input type="email" autoComplete="email" value={email} onChange={(_, d) => setEmail(d.value)} data-testid="login-email" />
        </Field>
        {sso === 'required' ? (
          <MessageBar intent="info" data-testid="login-sso-required">
            <MessageBarBody>
              {discovery.data?.organizationName ? `${discovery.data.organizationName} signs in with single sign-on.` : 'Your organization signs in with single sign-on.'}{' '}
              Continue with SSO to sign in at your identity provider.
            </MessageBarBody>
          </MessageBar>
        ) : (
          <>
            <Field label="Password" required validationMessage={errors.password}>
              <Input
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(_, d) => setPassword(d.value)}
                data-testid="login-password"
              />
            </Field>
            <Button
              appearance="primary"
              type="submit"
              disabled={login.isPending}
              icon={login.isPending ? <Spinner size="tiny" /> : undefined}
              data-testid="login-submit"
            >
              Sign in
            </Button>
          </>
        )}
        {sso !== 'none' ? (
          <Button
            appearance={sso === 'required' ? 'primary' : 'secondary'}
            type="button"
            disabled={startSso.isPending}
            icon={startSso.isPending ? <Spinner size="tiny" /> : undefined}
            onClick={continueWithSso}
            data-testid="login-sso"
          >
            Continue with SSO
          </Button>
        ) : null}
        <Text>
          New to Pagecrew? <RouterLink to="/signup">Create an account</RouterLink>
        </Text>
      </form>
    </CenteredCard>
  )
}

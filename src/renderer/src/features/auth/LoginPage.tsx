import { useState, type FormEvent } from 'react'
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { loginBodySchema } from '@shared/api/contract'
import { useLogin } from '@renderer/api/auth'
import { RouterLink } from '@renderer/components/RouterLink'
import { describeFailure, zodFieldErrors, type FieldErrors } from '@renderer/lib/formErrors'
import { CenteredCard } from '@renderer/components/CenteredCard'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM }
})

/** Sign-in with the built-in provider. The guest gate moves on once the session exists. */
export default function LoginPage() {
  const styles = useStyles()
  const login = useLogin()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)

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
        <Text>
          New to Pagecrew? <RouterLink to="/signup">Create an account</RouterLink>
        </Text>
      </form>
    </CenteredCard>
  )
}

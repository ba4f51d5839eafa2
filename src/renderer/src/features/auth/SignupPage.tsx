import { useState, type FormEvent } from 'react'
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { signupBodySchema } from '@shared/api/contract'
import { useSignup } from '@renderer/api/auth'
import { RouterLink } from '@renderer/components/RouterLink'
import { describeFailure, zodFieldErrors, type FieldErrors } from '@renderer/lib/formErrors'
import { CenteredCard } from '@renderer/components/CenteredCard'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM }
})

/** Sign-up signs the user in; the guest gate then sends them to onboarding. */
export default function SignupPage() {
  const styles = useStyles()
  const signup = useSignup()
  const [values, setValues] = useState({ email: '', password: '', fullName: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)

  const set = (field: keyof typeof values) => (_: unknown, data: { value: string }) => setValues((v) => ({ ...v, [field]: data.value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = signupBodySchema.safeParse(values)
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error))
      return
    }
    setErrors({})
    setFormError(null)
    signup.mutate(parsed.data, {
      onError: (error) => {
        const failure = describeFailure(error)
        setErrors(failure.fields)
        setFormError(failure.message)
      }
    })
  }

  return (
    <CenteredCard title="Create your account" subtitle="Plan, write and publish LinkedIn posts together.">
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Create your account">
        {formError ? (
          <MessageBar intent="error" data-testid="signup-error">
            <MessageBarBody>{formError}</MessageBarBody>
          </MessageBar>
        ) : null}
        <Field label="Full name" required validationMessage={errors.fullName}>
          <Input autoComplete="name" value={values.fullName} onChange={set('fullName')} data-testid="signup-full-name" />
        </Field>
        <Field label="Email" required validationMessage={errors.email}>
          <Input type="email" autoComplete="email" value={values.email} onChange={set('email')} data-testid="signup-email" />
        </Field>
        <Field
          label="Password"
          required
          validationMessage={errors.password}
          hint="At least 8 characters and hard to guess: a few uncommon words work well."
        >
          <Input type="password" autoComplete="new-password" value={values.password} onChange={set('password')} data-testid="signup-password" />
        </Field>
        <Button
          appearance="primary"
          type="submit"
          disabled={signup.isPending}
          icon={signup.isPending ? <Spinner size="tiny" /> : undefined}
          data-testid="signup-submit"
        >
          Create account
        </Button>
        <Text>
          Already have an account? <RouterLink to="/login">Sign in</RouterLink>
        </Text>
      </form>
    </CenteredCard>
  )
}

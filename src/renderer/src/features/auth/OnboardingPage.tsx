import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { createOrganizationBodySchema } from '@shared/api/contract'
import { paths } from '@shared/routes'
import { useCreateOrganization, useLogout } from '@renderer/api/auth'
import { useReload } from '@renderer/host/HostContext'
import { describeFailure, zodFieldErrors, type FieldErrors } from '@renderer/lib/formErrors'
import { CenteredCard } from '@renderer/components/CenteredCard'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM }
})

const EMPTY = {
  organizationName: '',
  linkedInCompanyName: '',
  linkedInPageLink: '',
  linkedInWebsite: '',
  industry: '',
  linkedInCompanyDescription: ''
}
type Values = typeof EMPTY

/** Optional details left empty are not sent. */
function bodyOf(values: Values) {
  return Object.fromEntries(Object.entries(values).filter(([key, value]) => key === 'organizationName' || value.trim() !== ''))
}

/** The company step after sign-up: creates the first organization, which starts on a trial. */
export default function OnboardingPage() {
  const styles = useStyles()
  const navigate = useNavigate()
  const createOrganization = useCreateOrganization()
  const logout = useLogout()
  const reload = useReload()
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)

  const set = (field: keyof Values) => (_: unknown, data: { value: string }) => setValues((v) => ({ ...v, [field]: data.value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = createOrganizationBodySchema.safeParse(bodyOf(values))
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error))
      return
    }
    setErrors({})
    setFormError(null)
    createOrganization.mutate(parsed.data, {
      onSuccess: () => void navigate(paths.dashboard, { replace: true }),
      onError: (error) => {
        const failure = describeFailure(error)
        setErrors(failure.fields)
        setFormError(failure.message)
      }
    })
  }

  return (
    <CenteredCard title="Tell us about your company" subtitle="Your organization starts with a 14-day trial." wide>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Company details">
        {formError ? (
          <MessageBar intent="error" data-testid="onboarding-error">
            <MessageBarBody>{formError}</MessageBarBody>
          </MessageBar>
        ) : null}
        <Field label="Organization name" required validationMessage={errors.organizationName}>
          <Input value={values.organizationName} onChange={set('organizationName')} maxLength={200} data-testid="onboarding-organization-name" />
        </Field>
        <Field label="Company page name" validationMessage={errors.linkedInCompanyName}>
          <Input value={values.linkedInCompanyName} onChange={set('linkedInCompanyName')} maxLength={200} data-testid="onboarding-company-page-name" />
        </Field>
        <Field label="LinkedIn page link" validationMessage={errors.linkedInPageLink}>
          <Input
            type="url"
            placeholder="https://www.linkedin.com/company/…"
            value={values.linkedInPageLink}
            onChange={set('linkedInPageLink')}
            data-testid="onboarding-linkedin-page-link"
          />
        </Field>
        <Field label="Website" validationMessage={errors.linkedInWebsite}>
          <Input type="url" placeholder="https://" value={values.linkedInWebsite} onChange={set('linkedInWebsite')} data-testid="onboarding-website" />
        </Field>
        <Field label="Industry" validationMessage={errors.industry}>
          <Input value={values.industry} onChange={set('industry')} maxLength={200} data-testid="onboarding-industry" />
        </Field>
        <Field label="Description" validationMessage={errors.linkedInCompanyDescription}>
          <Textarea
            value={values.linkedInCompanyDescription}
            onChange={set('linkedInCompanyDescription')}
            maxLength={2000}
            resize="vertical"
            data-testid="onboarding-description"
          />
        </Field>
        <Button
          appearance="primary"
          type="submit"
          disabled={createOrganization.isPending}
          icon={createOrganization.isPending ? <Spinner size="tiny" /> : undefined}
          data-testid="onboarding-submit"
        >
          Continue
        </Button>
        <Button appearance="subtle" disabled={logout.isPending} onClick={() => logout.mutate(undefined, { onSettled: () => reload(paths.login) })}>
          Sign out
        </Button>
      </form>
    </CenteredCard>
  )
}

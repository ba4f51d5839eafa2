import { useState, type FormEvent } from 'react'
import { Navigate } from 'react-router-dom'
import { Button, Card, Field, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import type { Organization } from '@shared/domain'
import { isAdmin, isTrial } from '@shared/rules'
import { useOrganization, useUpdateOrganizationSettings } from '@renderer/api/organization'
import { useUser } from '@renderer/api/user'
import { paths } from '@renderer/app/paths'
import { useNotify } from '@renderer/app/toasts'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { describeFailure } from '@renderer/lib/formErrors'
import { planStatusLabel } from '@renderer/lib/formatDate'

const useStyles = makeStyles({
  card: { maxWidth: '560px', padding: tokens.spacingHorizontalXL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  details: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, wordBreak: 'break-all' },
  actions: { display: 'flex', justifyContent: 'flex-end' }
})

function OrganizationForm({ organization }: { organization: Organization }) {
  const styles = useStyles()
  const notify = useNotify()
  const update = useUpdateOrganizationSettings()
  const [name, setName] = useState(organization.name)
  const [error, setError] = useState<string | undefined>()
  const plan = organization.currentPlan

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim() === '') {
      setError('Enter the organization name.')
      return
    }
    setError(undefined)
    update.mutate(
      { name: name.trim() },
      {
        onSuccess: () => notify({ title: 'Organization updated ✅', body: 'The organization details have been saved.' }),
        onError: (cause) => {
          const failure = describeFailure(cause)
          setError(failure.fields.name)
          if (failure.message) notify({ title: 'Organization not updated ⚠️', body: failure.message, intent: 'error' })
        }
      }
    )
  }

  return (
    <Card className={styles.card}>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Organization details">
        <h2 className={styles.heading}>Organization details</h2>
        <Field label="Organization name" required validationMessage={error}>
          <Input value={name} onChange={(_, d) => setName(d.value)} maxLength={200} data-testid="organization-name" />
        </Field>
        <dl className={styles.details}>
          <dt className={styles.term}>Organization ID</dt>
          <dd className={styles.value} data-testid="organization-id">
            {organization.organizationWorkOSId}
          </dd>
          <dt className={styles.term}>Plan</dt>
          <dd className={styles.value} data-testid="organization-plan">
            {plan.productName ?? (isTrial(plan) ? 'Free trial' : 'No plan')} ({planStatusLabel(plan.status)})
          </dd>
          <dt className={styles.term}>Seats</dt>
          <dd className={styles.value}>
            <Text>
              {organization.users} of {plan.availableSeats} in use
            </Text>
          </dd>
        </dl>
        <div className={styles.actions}>
          <Button
            appearance="primary"
            type="submit"
            disabled={update.isPending || name.trim() === organization.name}
            icon={update.isPending ? <Spinner size="tiny" /> : undefined}
            data-testid="organization-save"
          >
            Save
          </Button>
        </div>
      </form>
    </Card>
  )
}

/** /settings/organization: for ADMIN and GHOST (spec §6); members go to their profile settings. */
export default function OrganizationSettingsPage() {
  const user = useUser()
  const organization = useOrganization()
  if (user.isPending || organization.isPending) return <LoadingState inline label="Loading the organization…" />
  if (user.isError || organization.isError) {
    return <ErrorState onRetry={() => void Promise.all([user.refetch(), organization.refetch()])} />
  }
  if (!isAdmin(user.data)) return <Navigate to={paths.settings} replace />
  return <OrganizationForm key={organization.data.id} organization={organization.data} />
}

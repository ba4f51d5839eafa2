import { useState, type FormEvent } from 'react'
import { Button, Card, Field, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { Delete20Regular } from '@fluentui/react-icons'
import type { Organization } from '@shared/domain'
import { isTrial } from '@shared/rules'
import { paths } from '@shared/routes'
import { useDeleteOrganization, useUpdateOrganizationSettings } from '@renderer/api/organization'
import { useNotify } from '@renderer/lib/toasts'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { useReload } from '@renderer/host/HostContext'
import { failureToast } from '@renderer/lib/failureToast'
import { describeFailure } from '@renderer/lib/formErrors'
import { ErasedMemberContentCard } from './privacy/ErasedMemberContentCard'
import { planStatusLabel } from '@renderer/lib/formatDate'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '560px' },
  card: { padding: tokens.spacingHorizontalXL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  details: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, wordBreak: 'break-all' },
  actions: { display: 'flex', justifyContent: 'flex-end' },
  danger: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' }
})

/** Organization details (name, id, plan, seats) and, for ADMIN only, deleting the organization. */
export function OrganizationDetails({ organization, canDelete }: { organization: Organization; canDelete: boolean }) {
  const styles = useStyles()
  const notify = useNotify()
  const reload = useReload()
  const update = useUpdateOrganizationSettings()
  const remove = useDeleteOrganization()
  const [name, setName] = useState(organization.name)
  const [error, setError] = useState<string | undefined>()
  const [confirmingDelete, setConfirmingDelete] = useState(false)
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
    <div className={styles.root}>
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
      <ErasedMemberContentCard />
      {canDelete ? (
        <Card className={styles.card}>
          <div className={styles.danger}>
            <h2 className={styles.heading}>Delete organization</h2>
            <Text>Deleting the organization removes its members, teams, tags, pages and templates for everyone. This cannot be undone.</Text>
            <Button icon={<Delete20Regular />} onClick={() => setConfirmingDelete(true)} data-testid="organization-delete">
              Delete organization
            </Button>
          </div>
        </Card>
      ) : null}
      <ConfirmDialog
        open={confirmingDelete}
        title="Delete organization"
        message={`Are you sure you want to delete ${organization.name}? Everything in it is deleted for everyone.`}
        confirmLabel="Delete organization"
        destructive
        // Waits on past the delete, for the reload.
        busy={remove.isSuccess}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync()
          } catch (cause) {
            setConfirmingDelete(false)
            notify(failureToast('Organization not deleted ⚠️', cause))
            return
          }
          // Spec §7: after DELETE /organization, go to sign-in (a reload drops every cached query).
          reload(paths.login)
        }}
        data-testid="delete-organization-dialog"
      />
    </div>
  )
}

import { Field, Input } from '@fluentui/react-components'
import { createOrganizationBodySchema } from '@shared/api/contract'
import { paths } from '@shared/routes'
import { useCreateOrganization, useSwitchOrganization } from '@renderer/api/auth'
import { GENERIC_ERROR_MESSAGE, isApiError } from '@renderer/api/client'
import { FormDialog, useFormDialog, type Submission } from '@renderer/components/FormDialog'

interface OrganizationForm {
  organizationName: string
}

const EMPTY: OrganizationForm = { organizationName: '' }

/**
 * 'Create new organization' (spec §2): creates it, switches the session to it and reloads there.
 * Mounted per open, so a closed dialog starts empty again.
 */
export function CreateOrganizationDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return open ? <CreateOrganizationForm onClose={() => onOpenChange(false)} /> : null
}

function CreateOrganizationForm({ onClose }: { onClose: () => void }) {
  const createOrganization = useCreateOrganization()
  const switchOrganization = useSwitchOrganization()
  const form = useFormDialog({
    initial: EMPTY,
    onClose,
    // Switched: the page is reloading into the new organization, so the dialog stays busy.
    saving: switchOrganization.isSuccess,
    // Closing waits for the answer: once created, the session moves to the new organization.
    whileSaving: 'block',
    // One name is no work to lose: the dialog never asked before closing.
    closeQuestion: null
  })

  const submit = async ({ values, idempotencyKey }: Submission<OrganizationForm>) => {
    const parsed = createOrganizationBodySchema.safeParse(values)
    if (!parsed.success) {
      form.setErrors({ organizationName: parsed.error.issues[0]?.message ?? 'Enter the organization name.' })
      return
    }
    const organization = await createOrganization.mutateAsync({ ...parsed.data, idempotencyKey })
    await switchOrganization.mutateAsync({ organizationWorkOSId: organization.organizationWorkOSId, reloadAt: paths.dashboard })
  }

  return (
    <FormDialog
      form={form}
      title="Create new organization"
      label="Create new organization"
      onSubmit={submit}
      onError={(cause) =>
        form.setErrors({ organizationName: isApiError(cause) ? (cause.fields.organizationName ?? cause.message) : GENERIC_ERROR_MESSAGE })
      }
      submitLabel="Create"
      testIds={{ submit: 'create-organization-submit' }}
    >
      <Field label="Organization name" required validationMessage={form.errors.organizationName}>
        <Input
          value={form.values.organizationName}
          onChange={(_, data) => form.set('organizationName', data.value)}
          maxLength={200}
          autoFocus
          data-testid="create-organization-name"
        />
      </Field>
    </FormDialog>
  )
}

import { useState, type FormEvent } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Spinner
} from '@fluentui/react-components'
import { createOrganizationBodySchema } from '@shared/api/contract'
import { paths } from '@shared/routes'
import { useCreateOrganization, useSwitchOrganization } from '@renderer/api/auth'
import { isApiError } from '@renderer/api/client'

/** 'Create new organization' (spec §2): creates it, switches the session to it and reloads there. */
export function CreateOrganizationDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const createOrganization = useCreateOrganization()
  const switchOrganization = useSwitchOrganization()
  const busy = createOrganization.isPending || switchOrganization.isPending || switchOrganization.isSuccess

  const close = () => {
    if (busy) return
    setName('')
    setError(null)
    onOpenChange(false)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = createOrganizationBodySchema.safeParse({ organizationName: name })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter the organization name.')
      return
    }
    setError(null)
    createOrganization.mutate(parsed.data, {
      onSuccess: (organization) =>
        switchOrganization.mutate({ organizationWorkOSId: organization.organizationWorkOSId, reloadAt: paths.dashboard }),
      onError: (cause) =>
        setError(isApiError(cause) ? (cause.fields.organizationName ?? cause.message) : 'Something went wrong. Please try again later.')
    })
  }

  return (
    <Dialog open={open} onOpenChange={(_, data) => (data.open ? onOpenChange(true) : close())}>
      <DialogSurface aria-describedby={undefined}>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>Create new organization</DialogTitle>
            <DialogContent>
              <Field label="Organization name" required validationMessage={error ?? undefined}>
                <Input
                  value={name}
                  onChange={(_, data) => setName(data.value)}
                  maxLength={200}
                  autoFocus
                  data-testid="create-organization-name"
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button
                appearance="primary"
                type="submit"
                disabled={busy}
                icon={busy ? <Spinner size="tiny" /> : undefined}
                data-testid="create-organization-submit"
              >
                Create
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}

import { useState } from 'react'
import {
  Badge,
  Button,
  Caption1,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens
} from '@fluentui/react-components'
import { Add20Regular, Copy20Regular, Key20Regular, Open16Regular } from '@fluentui/react-icons'
import { API_BASE } from '@shared/api/contract'
import { MESSAGES } from '@shared/api/messages'
import { V1_REFERENCE_URL } from '@shared/api/v1/base'
import { API_KEY_MESSAGES, API_SCOPE_LABELS, API_SCOPES, type ApiKey, type ApiScope } from '@shared/domain/apiKeys'
import { hasEntitlement } from '@shared/rules'
import { OPEN_PLAN_MODAL_EVENT } from '@renderer/api/client'
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '@renderer/api/apiKeys'
import { useEntitlements } from '@renderer/api/entitlements'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { FormDialog, useFormDialog } from '@renderer/components/FormDialog'
import { LoadingState } from '@renderer/components/LoadingState'
import { useHost } from '@renderer/host/HostContext'
import { failureToast } from '@renderer/lib/failureToast'
import { formatDate } from '@renderer/lib/formatDate'
import { useNotify } from '@renderer/lib/toasts'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  spacer: { flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  scroll: { overflowX: 'auto' },
  table: { minWidth: '860px' },
  scopes: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  scopeList: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  secretRow: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  secret: { flexGrow: 1, minWidth: 0, fontFamily: tokens.fontFamilyMonospace }
})

/** What a key is for: the empty state and the section's lead say it. */
const PURPOSE =
  'An API key lets another tool — your intranet, a CRM, a BI dashboard or a script — use the Pagecrew API as this organization, with only the scopes you give it. Send it as "Authorization: Bearer <key>".'

/** The reference page's path after the API base, as the host opens it. */
const REFERENCE_API_PATH = V1_REFERENCE_URL.slice(API_BASE.length)

/**
 * "API reference": the public API's reference page (no key needed to read it). In a browser it is a
 * real link to the server's relative address (a new tab, copyable); in the desktop app the window is
 * not served by the server, so the host opens the server's absolute address in the system browser.
 */
function ApiReferenceLink() {
  const host = useHost()
  const open = (event: React.MouseEvent) => {
    event.preventDefault()
    host.openApiPage(REFERENCE_API_PATH).catch((error: unknown) => console.error('The API reference did not open.', error))
  }
  return (
    <Link
      href={host.kind === 'web' ? V1_REFERENCE_URL : undefined}
      target={host.kind === 'web' ? '_blank' : undefined}
      rel={host.kind === 'web' ? 'noopener' : undefined}
      onClick={open}
      data-testid="api-reference-link"
    >
      API reference <Open16Regular aria-hidden />
    </Link>
  )
}

const openPlanDialog = () => window.dispatchEvent(new Event(OPEN_PLAN_MODAL_EVENT))

/**
 * Settings → Organization → API (issue 28, admins): the organization's API keys with their scopes,
 * expiry and last use; Create (the key shown once, with Copy) and Revoke (asked first). On a plan
 * without the API feature it says so and leads to the plan dialog.
 */
export function ApiKeysSection() {
  const entitlements = useEntitlements()
  if (entitlements.isPending) return <LoadingState inline label="Loading API keys…" />
  if (entitlements.isError) return <ErrorState onRetry={() => void entitlements.refetch()} />
  if (!hasEntitlement(entitlements.data, 'API')) return <ApiOffer />
  return <ApiKeys />
}

function ApiOffer() {
  const styles = useStyles()
  return (
    <div className={styles.root} data-testid="api-offer">
      <Text>
        {PURPOSE} <ApiReferenceLink />
      </Text>
      <MessageBar intent="info">
        <MessageBarBody>{MESSAGES.apiNotInPlan}</MessageBarBody>
      </MessageBar>
      <div>
        <Button appearance="primary" onClick={openPlanDialog} data-testid="api-see-plans">
          See plans
        </Button>
      </div>
    </div>
  )
}

function ApiKeys() {
  const styles = useStyles()
  const keys = useApiKeys(true)
  const [creating, setCreating] = useState(false)
  const [created, setCreated] = useState<{ apiKey: ApiKey; secret: string | null } | null>(null)
  const [revoking, setRevoking] = useState<ApiKey | null>(null)

  if (keys.isPending) return <LoadingState inline label="Loading API keys…" />
  if (keys.isError) return <ErrorState onRetry={() => void keys.refetch()} />

  const create = () => setCreating(true)
  return (
    <div className={styles.root}>
      <Text>
        What a key can do, endpoint by endpoint: <ApiReferenceLink />
      </Text>
      {keys.data.length === 0 ? (
        <EmptyState
          icon={<Key20Regular />}
          message="No API keys yet."
          hint={PURPOSE}
          action={{ label: 'Create API key', onClick: create, icon: <Add20Regular />, 'data-testid': 'api-key-create-empty' }}
          data-testid="api-keys-empty"
        />
      ) : (
        <>
          <div className={styles.toolbar}>
            <Caption1 className={styles.muted}>{PURPOSE}</Caption1>
            <span className={styles.spacer} />
            <Button appearance="primary" icon={<Add20Regular />} onClick={create} data-testid="api-key-create">
              Create API key
            </Button>
          </div>
          <ApiKeyTable keys={keys.data} onRevoke={setRevoking} />
        </>
      )}
      {creating ? <CreateApiKeyDialog onClose={() => setCreating(false)} onCreated={setCreated} /> : null}
      {created ? <SecretDialog created={created} onClose={() => setCreated(null)} /> : null}
      <RevokeConfirm apiKey={revoking} onClose={() => setRevoking(null)} />
    </div>
  )
}

const dateOf = (value: string | null, empty: string) => (value ? formatDate(value, 'date') : empty)

function ApiKeyTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  const styles = useStyles()
  // When the list was opened: a key expiring while it is open shows Revoke until the next visit.
  const [now] = useState(() => Date.now())
  return (
    <div className={styles.scroll} data-scrolls-sideways>
      <Table className={styles.table} aria-label="API keys" data-testid="api-keys-table">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Name</TableHeaderCell>
            <TableHeaderCell>Key</TableHeaderCell>
            <TableHeaderCell>Scopes</TableHeaderCell>
            <TableHeaderCell>Created</TableHeaderCell>
            <TableHeaderCell>Expires</TableHeaderCell>
            <TableHeaderCell>Last used</TableHeaderCell>
            <TableHeaderCell>
              <span className={styles.muted}>Status</span>
            </TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {keys.map((key) => {
            const expired = key.expiresAt !== null && Date.parse(key.expiresAt) <= now
            return (
              <TableRow key={key.id} data-testid={`api-key-${key.prefix}`}>
                <TableCell>{key.name}</TableCell>
                <TableCell>
                  <span className={styles.mono}>{key.prefix}…</span>
                </TableCell>
                <TableCell>
                  <span className={styles.scopes}>
                    {key.scopes.map((scope) => (
                      <Badge key={scope} appearance="outline" title={API_SCOPE_LABELS[scope]}>
                        {scope}
                      </Badge>
                    ))}
                  </span>
                </TableCell>
                <TableCell>
                  {dateOf(key.createdAt, '')}
                  {key.createdBy ? <Caption1 className={styles.muted}> by {key.createdBy}</Caption1> : null}
                </TableCell>
                <TableCell>{dateOf(key.expiresAt, 'Never')}</TableCell>
                <TableCell data-testid="api-key-last-used">
                  {key.lastUsedAt ? (
                    <>
                      {formatDate(key.lastUsedAt, 'dateTime')}
                      {key.lastUsedAddress ? <Caption1 className={styles.muted}> from {key.lastUsedAddress}</Caption1> : null}
                    </>
                  ) : (
                    <span className={styles.muted}>Never</span>
                  )}
                </TableCell>
                <TableCell>
                  {key.revokedAt ? (
                    <Badge color="danger" data-testid="api-key-revoked">
                      Revoked {formatDate(key.revokedAt, 'date')}
                    </Badge>
                  ) : expired ? (
                    <Badge color="warning">Expired</Badge>
                  ) : (
                    <Button size="small" onClick={() => onRevoke(key)} data-testid="api-key-revoke">
                      Revoke
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            )
          })}
        </TableBody>
      </Table>
    </div>
  )
}

interface CreateValues {
  name: string
  scopes: ApiScope[]
  /** yyyy-mm-dd, or '' for never. */
  expires: string
}

const today = () => {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

/** The key expires at the end of the chosen day, in the admin's time zone. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999`).toISOString()

function CreateApiKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (created: { apiKey: ApiKey; secret: string | null }) => void }) {
  const styles = useStyles()
  const create = useCreateApiKey()
  const form = useFormDialog<CreateValues>({ initial: { name: '', scopes: [], expires: '' }, onClose })
  const { values } = form
  const canSubmit = values.name.trim().length > 0 && values.scopes.length > 0
  const toggle = (scope: ApiScope, on: boolean) =>
    form.set('scopes', on ? API_SCOPES.filter((s) => s === scope || values.scopes.includes(s)) : values.scopes.filter((s) => s !== scope))

  return (
    <FormDialog
      form={form}
      title="Create API key"
      label="Create API key"
      submitLabel="Create key"
      failureTitle="API key not created ⚠️"
      canSubmit={canSubmit}
      testIds={{ dialog: 'api-key-dialog', submit: 'api-key-dialog-submit', cancel: 'api-key-dialog-cancel' }}
      onSubmit={async ({ values: v, idempotencyKey }) => {
        if (v.expires && v.expires <= today()) {
          form.setErrors({ expiresAt: API_KEY_MESSAGES.expiryInPast })
          return
        }
        const answer = await create.mutateAsync({
          body: { name: v.name.trim(), scopes: v.scopes, expiresAt: v.expires ? endOfDay(v.expires) : null },
          idempotencyKey
        })
        onCreated(answer)
        onClose()
      }}
    >
      <Field label="Name" required validationMessage={form.errors.name} hint="Say which tool uses it, e.g. “Intranet” or “BI dashboard”.">
        <Input value={values.name} maxLength={100} onChange={(_, d) => form.set('name', d.value)} data-testid="api-key-name" />
      </Field>
      <Field label="Scopes" required validationMessage={form.errors.scopes} hint="The key can do only this.">
        <div className={styles.scopeList} role="group" aria-label="Scopes">
          {API_SCOPES.map((scope) => (
            <Checkbox
              key={scope}
              checked={values.scopes.includes(scope)}
              onChange={(_, d) => toggle(scope, d.checked === true)}
              label={
                <>
                  <span className={styles.mono}>{scope}</span> — {API_SCOPE_LABELS[scope]}
                </>
              }
              data-testid={`api-key-scope-${scope}`}
            />
          ))}
        </div>
      </Field>
      <Field label="Expires on" validationMessage={form.errors.expiresAt} hint="Leave empty for a key that does not expire.">
        <Input type="date" min={today()} value={values.expires} onChange={(_, d) => form.set('expires', d.value)} data-testid="api-key-expires" />
      </Field>
    </FormDialog>
  )
}

/** The new key, shown this once: Copy, and the warning that it will not be shown again. */
function SecretDialog({ created, onClose }: { created: { apiKey: ApiKey; secret: string | null }; onClose: () => void }) {
  const styles = useStyles()
  const notify = useNotify()
  const { apiKey, secret } = created
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => notify({ title: 'API key copied ✅', body: 'Paste it into the tool that will use it.' }),
      () => notify({ title: 'API key not copied ⚠️', body: 'Select the key and copy it yourself.', intent: 'error' })
    )
  return (
    <Dialog modalType="modal" open onOpenChange={(_, d) => (d.open ? undefined : onClose())}>
      <DialogSurface data-testid="api-key-secret-dialog" aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>API key {apiKey.name} created</DialogTitle>
          <DialogContent>
            {secret ? (
              <div className={styles.root}>
                <MessageBar intent="warning">
                  <MessageBarBody>Copy this key now: you will not see it again.</MessageBarBody>
                </MessageBar>
                <div className={styles.secretRow}>
                  <Input className={styles.secret} readOnly value={secret} aria-label="The new API key" data-testid="api-key-secret" />
                  <Button icon={<Copy20Regular />} onClick={() => void copy(secret)} data-testid="api-key-copy">
                    Copy
                  </Button>
                </div>
              </div>
            ) : (
              <MessageBar intent="warning">
                <MessageBarBody>
                  This key was created, and its secret was already shown once. If you did not copy it, revoke the key and create another.
                </MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose} data-testid="api-key-secret-done">
              Done
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

function RevokeConfirm({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const notify = useNotify()
  const revoke = useRevokeApiKey()
  return (
    <ConfirmDialog
      open={apiKey !== null}
      title="Revoke API key"
      message={apiKey ? `Tools using ${apiKey.name} (${apiKey.prefix}…) will be refused from their next request. This cannot be undone.` : undefined}
      confirmLabel="Revoke key"
      destructive
      onCancel={onClose}
      onConfirm={() =>
        revoke.mutateAsync(apiKey!.id, {
          onSuccess: () => {
            notify({ title: 'API key revoked ✅', body: `${apiKey!.name} can no longer be used.` })
            onClose()
          },
          onError: (error) => notify(failureToast('API key not revoked ⚠️', error))
        })
      }
      data-testid="api-key-revoke-dialog"
    />
  )
}

import { useState, type FormEvent } from 'react'
import { Badge, Button, Caption1, Card, Field, Input, MessageBar, MessageBarBody, Spinner, Switch, Text, makeStyles, tokens } from '@fluentui/react-components'
import { endpoints } from '@shared/api/contract'
import { paths } from '@shared/routes'
import { SSO_MESSAGES, ssoDomainInputSchema, type SsoSettings } from '@shared/domain/sso'
import { useSaveSso, useSsoSettings, useVerifySsoDomain } from '@renderer/api/sso'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { RouterLink } from '@renderer/components/RouterLink'
import { describeFailure, zodFieldErrors, type FieldErrors } from '@renderer/lib/formErrors'
import { failureToast } from '@renderer/lib/failureToast'
import { useNotify } from '@renderer/lib/toasts'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '720px' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '200px' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  domain: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalM },
  domainHead: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  record: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS }
})

/**
 * Settings → Organization → Single sign-on (issue 17, admins): the organization's OpenID Connect
 * provider, the email domains it serves with the DNS record that proves each, and whether it is
 * required. Outside Enterprise it says what single sign-on offers and where the plans are.
 */
export function SsoSection() {
  const settings = useSsoSettings()
  if (settings.isPending) return <LoadingState inline label="Loading single sign-on…" />
  if (settings.isError) return <ErrorState onRetry={() => void settings.refetch()} />
  if (!settings.data.available) return <SsoOffer />
  return <SsoForm key={settings.data.issuerUrl ?? 'new'} settings={settings.data} />
}

function SsoOffer() {
  const styles = useStyles()
  return (
    <div className={styles.root} data-testid="sso-offer">
      <Text weight="semibold">Single sign-on</Text>
      <Text>
        Let your colleagues sign in with your company&apos;s identity provider (OpenID Connect): new colleagues join on their first sign-in, and you can
        require it for your email domains.
      </Text>
      <MessageBar intent="info">
        <MessageBarBody>
          {SSO_MESSAGES.notInPlan} <RouterLink to={paths.billing}>See the plans</RouterLink>
        </MessageBarBody>
      </MessageBar>
    </div>
  )
}

/** The email domain to add: Add domain or Enter adds it to the list. */
function NewDomainField({ value, onChange, onAdd, error }: { value: string; onChange: (value: string) => void; onAdd: () => void; error: string | undefined }) {
  const styles = useStyles()
  return (
    <Field label="Email domains" validationMessage={error} hint="Colleagues with an email address of these domains sign in here.">
      <div className={styles.row}>
        <Input
          className={styles.grow}
          value={value}
          onChange={(_, d) => onChange(d.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              onAdd()
            }
          }}
          placeholder="example.com"
          data-testid="sso-new-domain"
        />
        <Button onClick={onAdd} data-testid="sso-add-domain">
          Add domain
        </Button>
      </div>
    </Field>
  )
}

interface SsoDomainListProps {
  domains: string[]
  /** The domains as last saved, with whether each is verified and the record that proves it. */
  saved: SsoSettings['domains']
  verifying: boolean
  onVerify: (domain: string) => void
  onRemove: (domain: string) => void
}

/** The email domains: each with where it stands, Remove, and until it is verified the TXT record to add and Verify. */
function SsoDomainList({ domains, saved: savedDomains, verifying, onVerify, onRemove }: SsoDomainListProps) {
  const styles = useStyles()
  const saved = new Map(savedDomains.map((d) => [d.domain, d]))
  return (
    <ul className={styles.list} aria-label="Email domains">
      {domains.map((domain) => {
        const known = saved.get(domain)
        return (
          <li key={domain}>
            <Card className={styles.domain} data-testid={`sso-domain-${domain}`}>
              <div className={styles.domainHead}>
                <Text weight="semibold">{domain}</Text>
                {known?.verified ? (
                  <Badge color="success">Verified</Badge>
                ) : known ? (
                  <Badge color="warning">Not verified</Badge>
                ) : (
                  <Badge color="informative">Save to verify</Badge>
                )}
                <Button appearance="subtle" size="small" onClick={() => onRemove(domain)}>
                  Remove
                </Button>
              </div>
              {known && !known.verified ? (
                <>
                  <Caption1>Add this TXT record to the domain&apos;s DNS, then verify:</Caption1>
                  <Text className={styles.record} data-testid="sso-txt-record">
                    {known.txtRecordName} TXT &quot;{known.txtRecordValue}&quot;
                  </Text>
                  <div>
                    <Button size="small" disabled={verifying} onClick={() => onVerify(domain)} data-testid={`sso-verify-${domain}`}>
                      Verify
                    </Button>
                  </div>
                </>
              ) : null}
            </Card>
          </li>
        )
      })}
    </ul>
  )
}

function SsoForm({ settings }: { settings: SsoSettings }) {
  const styles = useStyles()
  const notify = useNotify()
  const save = useSaveSso()
  const verify = useVerifySsoDomain()
  const [issuerUrl, setIssuerUrl] = useState(settings.issuerUrl ?? '')
  const [clientId, setClientId] = useState(settings.clientId ?? '')
  const [clientSecret, setClientSecret] = useState('')
  const [required, setRequired] = useState(settings.required)
  const [domains, setDomains] = useState(settings.domains.map((d) => d.domain))
  const [newDomain, setNewDomain] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)

  const addDomain = () => {
    const parsed = ssoDomainInputSchema.safeParse(newDomain)
    if (!parsed.success) {
      setErrors({ ...errors, newDomain: parsed.error.issues[0]?.message ?? SSO_MESSAGES.domainInvalid })
      return
    }
    if (!domains.includes(parsed.data)) setDomains([...domains, parsed.data])
    setNewDomain('')
    setErrors({ ...errors, newDomain: '' })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = endpoints.putSso.body.safeParse({ issuerUrl, clientId, ...(clientSecret ? { clientSecret } : {}), required, domains })
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error))
      return
    }
    setErrors({})
    setFormError(null)
    save.mutate(parsed.data, {
      onSuccess: () => {
        setClientSecret('')
        notify({ title: 'Single sign-on saved ✅' })
      },
      onError: (error) => {
        const failure = describeFailure(error)
        setErrors(failure.fields)
        setFormError(failure.message)
      }
    })
  }

  return (
    <div className={styles.root}>
      <Text weight="semibold">Single sign-on</Text>
      <Caption1>
        Register Pagecrew at your identity provider as a web application with the redirect URI <span className={styles.record}>{settings.redirectUri}</span>
        , then enter what it gives you.
      </Caption1>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Single sign-on">
        {formError ? (
          <MessageBar intent="error" data-testid="sso-error">
            <MessageBarBody>{formError}</MessageBarBody>
          </MessageBar>
        ) : null}
        <Field label="Issuer URL" required validationMessage={errors.issuerUrl} hint="The address that publishes /.well-known/openid-configuration.">
          <Input value={issuerUrl} onChange={(_, d) => setIssuerUrl(d.value)} placeholder="https://login.example.com" data-testid="sso-issuer" />
        </Field>
        <Field label="Client ID" required validationMessage={errors.clientId}>
          <Input value={clientId} onChange={(_, d) => setClientId(d.value)} data-testid="sso-client-id" />
        </Field>
        <Field
          label="Client secret"
          required={!settings.hasClientSecret}
          validationMessage={errors.clientSecret}
          hint={settings.hasClientSecret ? 'Stored. Leave empty to keep it.' : undefined}
        >
          <Input type="password" autoComplete="off" value={clientSecret} onChange={(_, d) => setClientSecret(d.value)} data-testid="sso-client-secret" />
        </Field>
        <NewDomainField value={newDomain} onChange={setNewDomain} onAdd={addDomain} error={errors.newDomain || errors.domains} />
        {domains.length > 0 ? (
          <SsoDomainList
            domains={domains}
            saved={settings.domains}
            verifying={verify.isPending}
            onVerify={(domain) =>
              verify.mutate(domain, {
                onSuccess: () => notify({ title: `${domain} verified ✅` }),
                onError: (error) => notify(failureToast('Domain not verified ⚠️', error))
              })
            }
            onRemove={(domain) => setDomains(domains.filter((d) => d !== domain))}
          />
        ) : null}
        <Field validationMessage={errors.required} hint="Colleagues of these domains can then only sign in with single sign-on, not with a password.">
          <Switch label="Require single sign-on" checked={required} onChange={(_, d) => setRequired(d.checked)} data-testid="sso-required" />
        </Field>
        <div className={styles.actions}>
          <Button
            appearance="primary"
            type="submit"
            disabled={save.isPending}
            icon={save.isPending ? <Spinner size="tiny" /> : undefined}
            data-testid="sso-save"
          >
            Save
          </Button>
        </div>
      </form>
    </div>
  )
}

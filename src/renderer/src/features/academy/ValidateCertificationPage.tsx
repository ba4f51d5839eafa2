import { useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Button, Field, Input, MessageBar, MessageBarBody, MessageBarTitle, Spinner, makeStyles, tokens } from '@fluentui/react-components'
import type { CertificateValidation } from '@shared/domain/academy'
import { CenteredCard } from '@renderer/components/CenteredCard'
import { useCertificateValidation } from '@renderer/api/certificates'
import { GENERIC_ERROR_MESSAGE, isApiError } from '@renderer/api/client'
import { formatDate } from '@renderer/lib/formatDate'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  details: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0, marginTop: tokens.spacingVerticalS },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' }
})

const MAX_ID_LENGTH = 100

function Details({ certificate }: { certificate: CertificateValidation }) {
  const styles = useStyles()
  return (
    <dl className={styles.details}>
      <dt className={styles.term}>Holder</dt>
      <dd className={styles.value} data-testid="certificate-holder">
        {certificate.holderName}
      </dd>
      <dt className={styles.term}>Course</dt>
      <dd className={styles.value} data-testid="certificate-course">
        {certificate.courseTitle}
      </dd>
      <dt className={styles.term}>Organization</dt>
      <dd className={styles.value} data-testid="certificate-organization">
        {certificate.organizationName}
      </dd>
      <dt className={styles.term}>Issued</dt>
      <dd className={styles.value}>{formatDate(certificate.issuedAt, 'date', { timeZone: 'UTC' })}</dd>
      <dt className={styles.term}>Certificate ID</dt>
      <dd className={styles.value}>{certificate.certificateId}</dd>
    </dl>
  )
}

/**
 * Public certificate check (spec §2): rendered bare, with no shell and no auth check. A
 * certificate's validation address (`?id=…`) is checked at once; anyone can also type an ID.
 */
export default function ValidateCertificationPage() {
  const styles = useStyles()
  const [params, setParams] = useSearchParams()
  const fromAddress = (params.get('id') ?? '').trim().slice(0, MAX_ID_LENGTH)
  const [input, setInput] = useState(fromAddress)
  const [inputError, setInputError] = useState<string | undefined>()
  const submitted = fromAddress || null
  const validation = useCertificateValidation(submitted)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const id = input.trim()
    if (!id) {
      setInputError('Enter a certificate ID.')
      return
    }
    setInputError(undefined)
    // The address holds the ID checked, so the page can be reloaded or shared as it is.
    setParams({ id }, { replace: true })
    if (id === submitted) void validation.refetch()
  }

  const checking = submitted !== null && validation.isFetching
  const data = submitted !== null && !validation.isError ? validation.data : undefined

  return (
    <CenteredCard title="Validate a certificate" subtitle="Check a Pagecrew Academy certificate by its ID.">
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Validate a certificate">
        <Field label="Certificate ID" required validationMessage={inputError}>
          <Input value={input} onChange={(_, d) => setInput(d.value)} maxLength={MAX_ID_LENGTH} data-testid="certificate-id" />
        </Field>
        <Button appearance="primary" type="submit" disabled={checking} icon={checking ? <Spinner size="tiny" /> : undefined} data-testid="certificate-validate">
          Validate
        </Button>
      </form>
      {submitted !== null && validation.isError ? (
        <MessageBar intent="error" data-testid="certificate-error">
          <MessageBarBody>{isApiError(validation.error) && validation.error.isClientError ? validation.error.message : GENERIC_ERROR_MESSAGE}</MessageBarBody>
        </MessageBar>
      ) : null}
      {data?.status === 'valid' ? (
        <MessageBar intent="success" layout="multiline" data-testid="certificate-result">
          <MessageBarBody>
            <MessageBarTitle>This certificate is valid.</MessageBarTitle>
            <Details certificate={data} />
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {data?.status === 'revoked' ? (
        <MessageBar intent="warning" layout="multiline" data-testid="certificate-revoked">
          <MessageBarBody>
            <MessageBarTitle>This certificate was revoked on {formatDate(data.revokedAt ?? data.issuedAt, 'date', { timeZone: 'UTC' })}.</MessageBarTitle>
            <Details certificate={data} />
          </MessageBarBody>
        </MessageBar>
      ) : null}
    </CenteredCard>
  )
}

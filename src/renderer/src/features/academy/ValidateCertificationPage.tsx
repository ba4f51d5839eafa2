import { useState, type FormEvent } from 'react'
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { CenteredCard } from '@renderer/components/CenteredCard'
import { useCertificateValidation } from '@renderer/api/certificates'
import { GENERIC_ERROR_MESSAGE, isApiError } from '@renderer/api/client'
import { formatDate } from '@renderer/lib/formatDate'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  details: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 }
})

/** Public certificate check (spec §2): rendered bare, with no shell and no auth check. */
export default function ValidateCertificationPage() {
  const styles = useStyles()
  const [input, setInput] = useState('')
  const [submitted, setSubmitted] = useState<string | null>(null)
  const [inputError, setInputError] = useState<string | undefined>()
  const validation = useCertificateValidation(submitted)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const id = input.trim()
    if (!id) {
      setInputError('Enter a certificate ID.')
      return
    }
    setInputError(undefined)
    setSubmitted(id)
  }

  const checking = submitted !== null && validation.isFetching

  return (
    <CenteredCard title="Validate a certificate" subtitle="Check a Pagecrew Academy certificate by its ID.">
        <form className={styles.form} onSubmit={submit} noValidate aria-label="Validate a certificate">
          <Field label="Certificate ID" required validationMessage={inputError}>
            <Input value={input} onChange={(_, d) => setInput(d.value)} maxLength={100} data-testid="certificate-id" />
          </Field>
          <Button appearance="primary" type="submit" disabled={checking} icon={checking ? <Spinner size="tiny" /> : undefined} data-testid="certificate-validate">
            Validate
          </Button>
        </form>
        {submitted !== null && validation.isError ? (
          <MessageBar intent="error" data-testid="certificate-error">
            <MessageBarBody>
              {isApiError(validation.error) && validation.error.isClientError ? validation.error.message : GENERIC_ERROR_MESSAGE}
            </MessageBarBody>
          </MessageBar>
        ) : null}
        {validation.data ? (
          <MessageBar intent="success" data-testid="certificate-result">
            <MessageBarBody>
              <Text weight="semibold">This certificate is valid.</Text>
              <dl className={styles.details}>
                <dt className={styles.term}>Holder</dt>
                <dd className={styles.value}>{validation.data.holderName}</dd>
                <dt className={styles.term}>Course</dt>
                <dd className={styles.value}>{validation.data.courseTitle}</dd>
                <dt className={styles.term}>Issued</dt>
                <dd className={styles.value}>{formatDate(validation.data.issuedAt, 'date')}</dd>
                <dt className={styles.term}>Certificate ID</dt>
                <dd className={styles.value}>{validation.data.certificateId}</dd>
              </dl>
            </MessageBarBody>
          </MessageBar>
        ) : null}
    </CenteredCard>
  )
}

import { useState, type FormEvent } from 'react'
import { Button, Card, Field, Input, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { Certificate24Regular } from '@fluentui/react-icons'
import { format } from 'date-fns'
import { useCertificateValidation } from '@renderer/api/certificates'
import { GENERIC_ERROR_MESSAGE, isApiError } from '@renderer/api/client'

const useStyles = makeStyles({
  page: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: '100%',
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground2
  },
  card: { width: '100%', maxWidth: '480px', padding: tokens.spacingHorizontalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  heading: { margin: 0, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, fontSize: tokens.fontSizeBase600, fontWeight: tokens.fontWeightSemibold },
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
    <div className={styles.page}>
      <Card className={styles.card}>
        <h1 className={styles.heading}>
          <Certificate24Regular aria-hidden /> Validate a certificate
        </h1>
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
                <dd className={styles.value}>{format(new Date(validation.data.issuedAt), 'PPP')}</dd>
                <dt className={styles.term}>Certificate ID</dt>
                <dd className={styles.value}>{validation.data.certificateId}</dd>
              </dl>
            </MessageBarBody>
          </MessageBar>
        ) : null}
      </Card>
    </div>
  )
}

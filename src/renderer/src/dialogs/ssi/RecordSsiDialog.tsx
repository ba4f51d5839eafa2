import { useState } from 'react'
import { Field, Input, Link, Text, makeStyles, tokens } from '@fluentui/react-components'
import { Open16Regular } from '@fluentui/react-icons'
import { recordSsiBodySchema, SSI_PAGE_URL, SSI_PILLARS, type RecordSsiBody } from '@shared/domain/ssi'
import { useRecordSsi } from '@renderer/api/ssi'
import { FormDialog, useFormDialog, type Submission } from '@renderer/components/FormDialog'
import { useHost } from '@renderer/host/HostContext'
import { zodFieldErrors } from '@renderer/lib/formErrors'
import { useNotify } from '@renderer/lib/toasts'

const useStyles = makeStyles({
  surface: { maxWidth: '520px', width: '100%' },
  pillars: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: tokens.spacingVerticalM },
  intro: { color: tokens.colorNeutralForeground2 },
  score: { maxWidth: '160px' }
})

export const RECORD_SSI_TITLE = 'Record your SSI'

type PillarKey = (typeof SSI_PILLARS)[number]['key']
type SsiValues = Record<'score' | PillarKey, string>

const EMPTY: SsiValues = { score: '', brand: '', people: '', insights: '', relationships: '' }

/**
 * What the fields hold as the request's body: an empty pillar is left out, anything else is a
 * number (NaN for text that is none, which the schema refuses with its own message).
 */
function ssiBodyOf(values: SsiValues): Record<string, number> {
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')))
  const body: Record<string, number> = { score: number(values.score) }
  for (const pillar of SSI_PILLARS) if (values[pillar.key].trim() !== '') body[pillar.key] = number(values[pillar.key])
  return body
}

/**
 * "Record your SSI" (issue 15): the score and the four optional pillars as read on LinkedIn's SSI
 * page, which opens in the system browser. The contract's schema checks the values before they are
 * sent (the server's answer is the same); a FormDialog, so one record per submission, carrying its
 * Idempotency-Key. Mount it per open.
 */
export function RecordSsiDialog({ onClose }: { onClose: () => void }) {
  const styles = useStyles()
  const host = useHost()
  const notify = useNotify()
  const recordSsi = useRecordSsi()
  const [initial] = useState(EMPTY)
  const form = useFormDialog({ initial, onClose })
  const { values } = form

  const openSsiPage = () => {
    host.openExternal(SSI_PAGE_URL).catch((error: unknown) => console.error(`Could not open ${SSI_PAGE_URL}.`, error))
  }

  const submit = async ({ values: submitted, idempotencyKey }: Submission<SsiValues>) => {
    const parsed = recordSsiBodySchema.safeParse(ssiBodyOf(submitted))
    if (!parsed.success) {
      form.setErrors(zodFieldErrors(parsed.error))
      return
    }
    const body: RecordSsiBody = parsed.data
    const saved = await recordSsi.mutateAsync({ body, idempotencyKey })
    notify({ title: 'SSI recorded ✅', body: `Your Social Selling Index of ${saved.score} is saved.` })
    onClose()
  }

  return (
    <FormDialog
      form={form}
      title={RECORD_SSI_TITLE}
      label={RECORD_SSI_TITLE}
      failureTitle="SSI not saved ⚠️"
      onSubmit={submit}
      className={styles.surface}
      testIds={{ dialog: 'ssi-dialog', form: 'ssi-form', submit: 'ssi-save', cancel: 'ssi-cancel' }}
    >
      <Text className={styles.intro}>
        LinkedIn shows your Social Selling Index only on its own page. Read it there and enter it here to follow your progress.{' '}
        <Link as="button" type="button" onClick={openSsiPage} data-testid="ssi-open-linkedin">
          Open LinkedIn’s SSI page <Open16Regular aria-hidden />
        </Link>
      </Text>
      <Field label="Social Selling Index" required hint="0 to 100" validationMessage={form.errors.score}>
        <Input
          className={styles.score}
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step="any"
          value={values.score}
          onChange={(_, d) => form.set('score', d.value)}
          data-testid="ssi-score"
        />
      </Field>
      <div className={styles.pillars} role="group" aria-label="Pillars (optional)">
        {SSI_PILLARS.map((pillar) => (
          <Field key={pillar.key} label={pillar.label} hint="0 to 25, optional" validationMessage={form.errors[pillar.key]}>
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              max={25}
              step="any"
              value={values[pillar.key]}
              onChange={(_, d) => form.set(pillar.key, d.value)}
              data-testid={`ssi-${pillar.key}`}
            />
          </Field>
        ))}
      </div>
    </FormDialog>
  )
}

import { useState } from 'react'
import { Field, Link, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { PLAN_IMPORT_COLUMNS, type PlanImportField, type PlanImportPreview } from '@shared/api/contract'
import { useCommitPlanImport, usePreviewPlanImport } from '@renderer/api/planCsv'
import { FilePicker } from '@renderer/components/FilePicker'
import { FormDialog, useFormDialog } from '@renderer/components/FormDialog'
import { VirtualTable, type VirtualColumn } from '@renderer/components/VirtualTable'
import { describeFailure } from '@renderer/lib/formErrors'
import { useNotify } from '@renderer/lib/toasts'

type PreviewRow = PlanImportPreview['rows'][number]

const useStyles = makeStyles({
  surface: { width: 'min(1360px, calc(100vw - 32px))', maxWidth: 'none' },
  intro: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  invalid: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  problems: { color: tokens.colorPaletteRedForeground1, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  busy: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS }
})

const FIELDS = Object.keys(PLAN_IMPORT_COLUMNS) as PlanImportField[]
const WIDTHS: Record<PlanImportField, string> = {
  memberEmail: 'minmax(180px, 2fr)',
  date: '100px',
  time: '64px',
  timeZone: 'minmax(110px, 1fr)',
  topicTag: 'minmax(100px, 1fr)',
  page: 'minmax(100px, 1fr)',
  postType: '90px',
  audience: 'minmax(100px, 1fr)',
  contentIdea: 'minmax(140px, 2fr)'
}

/** The header row alone: a file to fill in. */
const PLAN_TEMPLATE_CSV = `${Object.values(PLAN_IMPORT_COLUMNS).join(',')}\r\n`
const PLAN_TEMPLATE_FILE = 'pagecrew-plan-template.csv'

const needFixing = (n: number) => (n === 1 ? '1 row needs fixing' : `${n} rows need fixing`)

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([PLAN_TEMPLATE_CSV], { type: 'text/csv' }))
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = PLAN_TEMPLATE_FILE
  anchor.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * Import slots from CSV (issue 17): choose a file, read every row's problems in a preview (the
 * server checks them with the assign-slot rules), choose a corrected file to preview again, and
 * Import once every row is valid: all slots in one transaction, or none. Cancel creates nothing,
 * so closing never asks about unsaved changes. The table renders only the rows in view, so a
 * 10,000-row file previews as quickly as a short one.
 */
export function PlanImportDialog({ onClose }: { onClose: () => void }) {
  const styles = useStyles()
  const notify = useNotify()
  const previewImport = usePreviewPlanImport()
  const commit = useCommitPlanImport()
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null)
  const [preview, setPreview] = useState<PlanImportPreview | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const form = useFormDialog<Record<string, never>>({ initial: {}, onClose, isDirty: () => false, busy: previewImport.isPending })

  const choose = async (chosen: File | null) => {
    setPreview(null)
    setFileError(null)
    if (!chosen) {
      setFile(null)
      return
    }
    const csv = await chosen.text()
    setFile({ name: chosen.name, csv })
    try {
      setPreview(await previewImport.mutateAsync(csv))
    } catch (error) {
      const failure = describeFailure(error)
      setFileError(failure.fields.csv ?? failure.message ?? Object.values(failure.fields)[0] ?? null)
    }
  }

  const columns: VirtualColumn<PreviewRow>[] = [
    { id: 'line', header: 'Line', width: '48px', cell: (row) => row.line },
    // What needs fixing comes first, in view at any width; the file's fields follow (and scroll sideways when they must).
    {
      id: 'problems',
      header: 'Problems',
      width: 'minmax(200px, 3fr)',
      cell: (row) => {
        const text = FIELDS.filter((f) => row.errors[f]).map((f) => `${PLAN_IMPORT_COLUMNS[f]}: ${row.errors[f]}`)
        return text.length > 0 ? (
          <span className={styles.problems} title={text.join('\n')}>
            {text.join(' · ')}
          </span>
        ) : null
      }
    },
    ...FIELDS.map(
      (field): VirtualColumn<PreviewRow> => ({
        id: field,
        header: PLAN_IMPORT_COLUMNS[field],
        width: WIDTHS[field],
        cell: (row) => (
          <span className={row.errors[field] ? styles.invalid : undefined} title={row.errors[field]} data-invalid={row.errors[field] ? 'true' : undefined}>
            {row.values[field] || (row.errors[field] ? '—' : '')}
          </span>
        )
      })
    ),
  ]

  const ready = preview !== null && preview.invalid === 0 && file !== null
  return (
    <FormDialog
      form={form}
      title="Import slots from CSV"
      label="Import slots from CSV"
      submitLabel={preview && ready ? `Import ${preview.total === 1 ? '1 slot' : `${preview.total} slots`}` : 'Import'}
      canSubmit={ready}
      className={styles.surface}
      failureTitle="Slots not imported ⚠️"
      testIds={{ dialog: 'plan-import-dialog', submit: 'plan-import-submit', cancel: 'plan-import-cancel' }}
      onSubmit={async ({ idempotencyKey }) => {
        if (!file) return
        const { created } = await commit.mutateAsync({ csv: file.csv, idempotencyKey })
        notify({ title: `${created === 1 ? '1 slot' : `${created} slots`} imported ✅` })
        onClose()
      }}
    >
      <div className={styles.intro}>
        <Text>One slot per row: member email, date (YYYY-MM-DD), time (HH:MM on the quarter hour) and optionally time zone, topic tag, page, post type, audience and content idea.</Text>
        <Link as="button" onClick={downloadTemplate} data-testid="plan-import-template">
          Download the template
        </Link>
      </div>
      <Field label="CSV file" validationMessage={fileError ?? undefined} validationState={fileError ? 'error' : 'none'}>
        <FilePicker
          fileName={file?.name ?? null}
          accept=".csv,text/csv"
          chooseLabel="Choose CSV file"
          onChange={(chosen) => void choose(chosen)}
          disabled={previewImport.isPending}
          data-testid="plan-import-file"
        />
      </Field>
      {previewImport.isPending ? (
        <div className={styles.busy}>
          <Spinner size="tiny" /> <Text>Checking the rows…</Text>
        </div>
      ) : null}
      {preview ? (
        <>
          <MessageBar intent={preview.invalid > 0 ? 'warning' : 'success'} data-testid="plan-import-summary">
            <MessageBarBody>
              {preview.invalid > 0
                ? `${needFixing(preview.invalid)}. Fix them in the file and choose it again.`
                : `${preview.total === 1 ? '1 row is' : `${preview.total} rows are`} ready to import.`}
            </MessageBarBody>
          </MessageBar>
          <VirtualTable
            rows={preview.rows}
            columns={columns}
            getRowId={(row) => String(row.line)}
            label="Rows to import"
            maxHeight={360}
            data-testid="plan-import-table"
            rowTestId={(row) => `plan-import-row-${row.line}`}
          />
        </>
      ) : null}
    </FormDialog>
  )
}

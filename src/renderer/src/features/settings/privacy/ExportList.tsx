import { Button, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowDownload20Regular } from '@fluentui/react-icons'
import type { PersonalDataExport } from '@shared/domain/privacy'
import { useDownloadDataExport } from '@renderer/api/privacy'
import { failureToast } from '@renderer/lib/failureToast'
import { useNotify } from '@renderer/lib/toasts'

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '200px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  muted: { color: tokens.colorNeutralForeground3 }
})

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })
const size = (bytes: number | null) => (bytes === null ? '' : bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`)

function statusLine(e: PersonalDataExport): string {
  switch (e.status) {
    case 'queued':
      return 'Waiting to be prepared…'
    case 'running':
      return `Preparing… ${e.progress}%`
    case 'ready':
      return `Ready · ${size(e.fileSize)} · available until ${day(e.expiresAt)}`
    case 'failed':
      return 'Could not be prepared. Ask for a new export.'
    case 'expired':
      return `Expired on ${day(e.expiresAt)}`
  }
}

/** Exports, newest first: progress while one is prepared, then Download until it expires. */
export function ExportList({ exports }: { exports: readonly PersonalDataExport[] }) {
  const styles = useStyles()
  const notify = useNotify()
  const download = useDownloadDataExport()
  const save = async (e: PersonalDataExport) => {
    try {
      await download(e)
    } catch (error) {
      notify(failureToast('Not downloaded ⚠️', error))
    }
  }
  return (
    <ul className={styles.list} aria-label="Exports" data-testid="export-list">
      {exports.map((e) => (
        <li key={e.id} className={styles.item} data-testid={`export-${e.status}`}>
          <div className={styles.grow}>
            <Text weight="semibold">Asked on {day(e.createdAt)}</Text>
            <Text size={200} className={styles.muted} data-testid="export-status">
              {statusLine(e)}
            </Text>
            {e.status === 'queued' || e.status === 'running' ? (
              <ProgressBar value={e.progress / 100} aria-label="Export progress" data-testid="export-progress" />
            ) : null}
          </div>
          {e.status === 'ready' ? (
            <Button icon={<ArrowDownload20Regular />} onClick={() => void save(e)} data-testid="export-download">
              Download
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

import { Button, Caption1, ProgressBar, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { Dismiss16Regular } from '@fluentui/react-icons'
import { truncateFileName } from '@renderer/lib/files'
import type { Upload } from './useMediaUploads'
import { AppTooltip } from '@renderer/components/AppTooltip'

const useStyles = makeStyles({
  uploads: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, listStyleType: 'none', margin: 0, padding: 0 },
  upload: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto auto', alignItems: 'center', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalXXS },
  uploadName: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  bar: { gridColumn: '1 / 2' },
  percent: { fontVariantNumeric: 'tabular-nums', color: tokens.colorNeutralForeground2 },
  failed: { color: tokens.colorPaletteRedForeground1 },
  removeOnly: { gridColumn: '2 / 4', justifySelf: 'end' }
})

interface UploadListProps {
  uploads: Upload[]
  onRetry: (upload: Upload) => void
  onRemove: (upload: Upload) => void
}

/** The files being uploaded, each with its progress and Cancel; a failed one with why, and Retry or Remove. */
export function UploadList({ uploads, onRetry, onRemove }: UploadListProps) {
  const styles = useStyles()
  return (
    <ul className={styles.uploads} aria-label="Uploads">
      {uploads.map((u) => {
        const percent = u.total === 0 ? 100 : Math.floor((u.sent / u.total) * 100)
        return (
          <li key={u.key} className={styles.upload} data-testid="upload-row">
            <AppTooltip content={u.file.name} relationship="description">
              <Text className={styles.uploadName}>{truncateFileName(u.file.name)}</Text>
            </AppTooltip>
            {u.failure === null ? (
              <>
                <Caption1 className={styles.percent}>{percent}%</Caption1>
                <Button size="small" aria-label={`Cancel uploading ${u.file.name}`} onClick={() => u.controller.abort()}>
                  Cancel
                </Button>
                <ProgressBar className={styles.bar} max={100} value={percent} thickness="large" aria-label={`Uploading ${u.file.name}`} data-testid="upload-progress" />
              </>
            ) : (
              <>
                {u.retryable ? (
                  <>
                    <Button size="small" appearance="primary" aria-label={`Retry uploading ${u.file.name}`} onClick={() => onRetry(u)}>
                      Retry
                    </Button>
                    <Button size="small" appearance="subtle" icon={<Dismiss16Regular />} aria-label={`Remove ${u.file.name}`} onClick={() => onRemove(u)} />
                  </>
                ) : (
                  // The same file would be refused again: Remove is the only way on (the message says what to do instead).
                  <Button size="small" icon={<Dismiss16Regular />} aria-label={`Remove ${u.file.name}`} className={styles.removeOnly} onClick={() => onRemove(u)}>
                    Remove
                  </Button>
                )}
                <Caption1 role="alert" className={mergeClasses(styles.bar, styles.failed)}>
                  Upload failed — {u.failure}
                </Caption1>
              </>
            )}
          </li>
        )
      })}
    </ul>
  )
}

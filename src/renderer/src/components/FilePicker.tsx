import { useId, useRef } from 'react'
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowUpload20Regular, Dismiss20Regular } from '@fluentui/react-icons'
import { fileTooBigMessage } from '@shared/api/messages'
import { isTooBig, truncateFileName } from '@renderer/lib/files'
import { AppTooltip } from './AppTooltip'

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  input: { display: 'none' },
  name: { maxWidth: '100%', overflowWrap: 'anywhere' },
  none: { color: tokens.colorNeutralForeground3 }
})

interface FilePickerProps {
  /** The chosen or current file's name; null when there is none. */
  fileName: string | null
  /** A new file that passed the checks, or null when the file was removed. */
  onChange: (file: File | null) => void
  /** The input's accept list, e.g. 'image/*'. */
  accept?: string
  /** Extra check on the chosen file: a message to alert, or null when it is fine. */
  validate?: (file: File) => string | null
  chooseLabel?: string
  emptyLabel?: string
  disabled?: boolean
  'data-testid'?: string
}

/**
 * A file chooser that shows the chosen name cut to 25 characters plus '…' (spec §5), refuses files
 * over 200 MB with the alert '{file name} is too big!', and offers removal. Refusals are browser
 * alerts (spec §8).
 */
export function FilePicker({
  fileName,
  onChange,
  accept,
  validate,
  chooseLabel = 'Choose file',
  emptyLabel = 'No file chosen',
  disabled = false,
  'data-testid': testId = 'file-picker'
}: FilePickerProps) {
  const styles = useStyles()
  const input = useRef<HTMLInputElement>(null)
  const nameId = useId()

  const choose = (file: File | undefined) => {
    // Cleared so that choosing the same file again still fires a change.
    if (input.current) input.current.value = ''
    if (!file) return
    if (isTooBig(file)) {
      window.alert(fileTooBigMessage(file.name))
      return
    }
    const problem = validate?.(file) ?? null
    if (problem) {
      window.alert(problem)
      return
    }
    onChange(file)
  }

  return (
    <div className={styles.root} data-testid={testId}>
      <input
        ref={input}
        type="file"
        accept={accept}
        className={styles.input}
        tabIndex={-1}
        aria-hidden
        data-testid={`${testId}-input`}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <Button icon={<ArrowUpload20Regular />} disabled={disabled} aria-describedby={nameId} onClick={() => input.current?.click()} data-testid={`${testId}-choose`}>
        {chooseLabel}
      </Button>
      {fileName ? (
        <>
          <AppTooltip content={fileName} relationship="description" withArrow>
            <Text id={nameId} className={styles.name} data-testid={`${testId}-name`}>
              {truncateFileName(fileName)}
            </Text>
          </AppTooltip>
          <Button
            appearance="subtle"
            icon={<Dismiss20Regular />}
            aria-label={`Remove ${fileName}`}
            disabled={disabled}
            onClick={() => onChange(null)}
            data-testid={`${testId}-remove`}
          />
        </>
      ) : (
        <Text id={nameId} className={styles.none}>
          {emptyLabel}
        </Text>
      )}
    </div>
  )
}

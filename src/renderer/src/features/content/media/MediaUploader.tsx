import { useEffect, useRef, useState, type DragEvent } from 'react'
import { Button, Caption1, FieldContextProvider, MessageBar, MessageBarBody, ProgressBar, Text, Tooltip, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components'
import { ArrowUpload20Regular, Dismiss16Regular } from '@fluentui/react-icons'
import { MESSAGES, fileTooBigMessage } from '@shared/api/messages'
import { MEDIA_TYPES } from '@shared/constants'
import type { MediaKind, PostMedia } from '@shared/domain/entities'
import { GENERIC_ERROR_MESSAGE, isApiError } from '@renderer/api/client'
import { UploadRefused, canRetryUpload, isUploadCancelled, mediaKindOfFile, useUploadMedia } from '@renderer/api/media'
import { isTooBig, truncateFileName } from '@renderer/lib/files'
import { ImageTile, MediaCard } from './MediaItems'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  dropZone: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingVerticalM,
    border: `${tokens.strokeWidthThick} dashed ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge
  },
  dragging: { ...shorthands.borderColor(tokens.colorBrandStroke1), backgroundColor: tokens.colorBrandBackground2 },
  hint: { color: tokens.colorNeutralForeground3 },
  input: { display: 'none' },
  uploads: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, listStyleType: 'none', margin: 0, padding: 0 },
  upload: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto auto', alignItems: 'center', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalXXS },
  uploadName: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  bar: { gridColumn: '1 / 2' },
  percent: { fontVariantNumeric: 'tabular-nums', color: tokens.colorNeutralForeground2 },
  failed: { color: tokens.colorPaletteRedForeground1 },
  removeOnly: { gridColumn: '2 / 4', justifySelf: 'end' },
  tiles: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM }
})

const LABELS: Record<MediaKind, string> = { image: 'Add image', video: 'Add video', document: 'Add a document' }
const TOO_MANY: Record<MediaKind, string> = { image: MESSAGES.tooManyImages, video: MESSAGES.oneVideo, document: MESSAGES.oneDocument }

interface Upload {
  key: number
  file: File
  sent: number
  total: number
  /** null while sending; the message to show once it failed. */
  failure: string | null
  /** Once failed: whether sending it again can succeed (offered Retry), or only Remove is left. */
  retryable: boolean
  controller: AbortController
}

let uploadKeys = 0

/** Refusals are alerts (spec §8); the file is dropped before anything is sent. */
function refusalOf(file: File, kind: MediaKind): string | null {
  if (isTooBig(file)) return fileTooBigMessage(file.name)
  const fileKind = mediaKindOfFile(file)
  if (fileKind === null) return MESSAGES.mediaTypeUnsupported
  if (fileKind !== kind) return MESSAGES.mediaWrongKind
  return null
}

function failureMessage(error: unknown): string {
  return isApiError(error) && error.isClientError ? error.message : GENERIC_ERROR_MESSAGE
}

/**
 * The media of a post of one kind (issue 6): choose or drop files, each uploaded in chunks with its
 * own progress bar and Cancel; finished images as thumbnails with alt text, removal and order;
 * a video or document as a card. `media` is the post's list and `onChange` gets the whole new list
 * when an upload finishes or an item changes.
 */
export function MediaUploader(props: {
  kind: 'image' | 'video' | 'document'
  media: PostMedia[]
  onChange: (media: PostMedia[]) => void
  max: number
  disabled?: boolean
  onBusyChange?: (busy: boolean) => void
}) {
  const { kind, media, max, disabled = false } = props
  const styles = useStyles()
  const uploadMedia = useUploadMedia()
  const input = useRef<HTMLInputElement>(null)
  const [uploads, setUploads] = useState<Upload[]>([])
  const [notice, setNotice] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)

  // Uploads finish one after another between renders: each adds to the list the previous one left.
  const latest = useRef({ media, onChange: props.onChange, onBusyChange: props.onBusyChange, uploads })
  useEffect(() => {
    latest.current = { media, onChange: props.onChange, onBusyChange: props.onBusyChange, uploads }
  })
  const change = (next: PostMedia[]) => {
    latest.current.media = next
    latest.current.onChange(next)
  }

  const busy = uploads.some((u) => u.failure === null)
  useEffect(() => {
    latest.current.onBusyChange?.(busy)
  }, [busy])
  useEffect(
    () => () => {
      const { uploads: running, onBusyChange } = latest.current
      running.forEach((u) => u.controller.abort())
      if (running.some((u) => u.failure === null)) onBusyChange?.(false)
    },
    []
  )

  const patch = (key: number, changes: Partial<Upload>) => setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...changes } : u)))
  const drop = (key: number) => setUploads((all) => all.filter((u) => u.key !== key))

  const send = (file: File, key: number) => {
    const controller = new AbortController()
    const upload: Upload = { key, file, sent: 0, total: file.size, failure: null, retryable: false, controller }
    setUploads((all) => (all.some((u) => u.key === key) ? all.map((u) => (u.key === key ? upload : u)) : [...all, upload]))
    uploadMedia(file, { signal: controller.signal, onProgress: (sent, total) => patch(key, { sent, total }) }).then(
      (done) => {
        drop(key)
        change([...latest.current.media, done])
      },
      (error: unknown) => {
        if (isUploadCancelled(error) || error instanceof UploadRefused) drop(key)
        else patch(key, { failure: failureMessage(error), retryable: canRetryUpload(error) })
      }
    )
  }

  const ofKind = media.filter((m) => m.kind === kind).length
  const room = max - ofKind - uploads.length
  const full = room <= 0

  const choose = (files: File[]) => {
    if (disabled || files.length === 0) return
    setNotice(null)
    const accepted: File[] = []
    for (const file of files) {
      const refusal = refusalOf(file, kind)
      if (refusal) window.alert(refusal)
      else accepted.push(file)
    }
    if (accepted.length > Math.max(room, 0)) setNotice(TOO_MANY[kind])
    accepted.slice(0, Math.max(room, 0)).forEach((file) => send(file, (uploadKeys += 1)))
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    choose(Array.from(event.dataTransfer.files))
  }

  const images = media.filter((m) => m.kind === 'image')
  const swap = (a: PostMedia, b: PostMedia) => change(media.map((m) => (m === a ? b : m === b ? a : m)))
  const others = media.filter((m) => m.kind !== 'image')

  return (
    // A page may put the uploader in a Field for its label and message; the alt text inputs and
    // progress bars inside have names of their own and must not all take the Field's id and label.
    <FieldContextProvider value={undefined}>
      <div className={styles.root} data-testid="media-uploader">
        <div
          className={mergeClasses(styles.dropZone, dragging && !disabled && styles.dragging)}
          onDragOver={(event) => {
            event.preventDefault()
            if (!disabled) setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="media-drop-zone"
        >
          <input
            ref={input}
            type="file"
            className={styles.input}
            accept={MEDIA_TYPES[kind].join(',')}
            multiple={kind === 'image' && max > 1}
            aria-label={LABELS[kind]}
            tabIndex={-1}
            disabled={disabled}
            onChange={(event) => {
              const files = Array.from(event.target.files ?? [])
              // Cleared so that choosing the same file again still fires a change.
              event.target.value = ''
              choose(files)
            }}
          />
          <Button icon={<ArrowUpload20Regular />} disabled={disabled || full} onClick={() => input.current?.click()}>
            {kind === 'image' && max > 1 ? 'Add images' : LABELS[kind]}
          </Button>
          <Caption1 className={styles.hint}>
            {kind === 'image' ? `or drop them here · ${ofKind} of ${max}` : full ? `Remove it to choose another ${kind}.` : 'or drop it here'}
          </Caption1>
        </div>

        {notice ? (
          <MessageBar intent="warning" data-testid="media-notice">
            <MessageBarBody>{notice}</MessageBarBody>
          </MessageBar>
        ) : null}

        {uploads.length > 0 ? (
          <ul className={styles.uploads} aria-label="Uploads">
            {uploads.map((u) => {
              const percent = u.total === 0 ? 100 : Math.floor((u.sent / u.total) * 100)
              return (
                <li key={u.key} className={styles.upload} data-testid="upload-row">
                  <Tooltip content={u.file.name} relationship="description">
                    <Text className={styles.uploadName}>{truncateFileName(u.file.name)}</Text>
                  </Tooltip>
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
                          <Button
                            size="small"
                            appearance="primary"
                            aria-label={`Retry uploading ${u.file.name}`}
                            onClick={() => send(u.file, u.key)}
                          >
                            Retry
                          </Button>
                          <Button
                            size="small"
                            appearance="subtle"
                            icon={<Dismiss16Regular />}
                            aria-label={`Remove ${u.file.name}`}
                            onClick={() => drop(u.key)}
                          />
                        </>
                      ) : (
                        // The same file would be refused again: Remove is the only way on (the message says what to do instead).
                        <Button
                          size="small"
                          icon={<Dismiss16Regular />}
                          aria-label={`Remove ${u.file.name}`}
                          className={styles.removeOnly}
                          onClick={() => drop(u.key)}
                        >
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
        ) : null}

        {images.length > 0 ? (
          <div className={styles.tiles} data-testid="media-images">
            {images.map((item, position) => {
              const before = images[position - 1]
              const after = images[position + 1]
              return (
                <ImageTile
                  key={item.id}
                  media={item}
                  disabled={disabled}
                  onRemove={() => change(media.filter((m) => m.id !== item.id))}
                  onSaved={(saved) => change(latest.current.media.map((m) => (m.id === saved.id ? saved : m)))}
                  onMoveEarlier={before ? () => swap(before, item) : undefined}
                  onMoveLater={after ? () => swap(item, after) : undefined}
                />
              )
            })}
          </div>
        ) : null}
        {others.map((item) => (
          <MediaCard key={item.id} media={item} disabled={disabled} onRemove={() => change(media.filter((m) => m.id !== item.id))} />
        ))}
      </div>
    </FieldContextProvider>
  )
}

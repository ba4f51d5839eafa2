import { useRef, useState, type DragEvent } from 'react'
import { Button, Caption1, FieldContextProvider, MessageBar, MessageBarBody, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components'
import { ArrowUpload20Regular } from '@fluentui/react-icons'
import { MEDIA_TYPES } from '@shared/constants'
import type { MediaKind, PostMedia } from '@shared/domain/entities'
import { ImageTile, MediaCard } from './MediaItems'
import { UploadList } from './UploadList'
import { useMediaUploads } from './useMediaUploads'

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
  tiles: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM }
})

const LABELS: Record<MediaKind, string> = { image: 'Add image', video: 'Add video', document: 'Add a document' }

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
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const { uploads, notice, ofKind, full, choose, send, drop, change, saved } = useMediaUploads({
    kind,
    media,
    onChange: props.onChange,
    max,
    disabled,
    onBusyChange: props.onBusyChange
  })

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

        {uploads.length > 0 ? <UploadList uploads={uploads} onRetry={(u) => send(u.file, u.key)} onRemove={(u) => drop(u.key)} /> : null}

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
                  onSaved={saved}
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

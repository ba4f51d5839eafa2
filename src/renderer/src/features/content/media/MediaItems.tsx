import { useState } from 'react'
import { Button, Caption1, Input, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowLeft16Regular, ArrowRight16Regular, Dismiss16Regular, Document24Regular, DocumentPdf24Regular, Video24Regular } from '@fluentui/react-icons'
import { MEDIA_ALT_TEXT_MAX } from '@shared/constants'
import type { PostMedia } from '@shared/domain/entities'
import { useUpdateMedia } from '@renderer/api/media'
import { useNotify } from '@renderer/lib/toasts'
import { failureToast } from '@renderer/lib/failureToast'
import { truncateFileName } from '@renderer/lib/files'
import { formatFileSize, mediaTypeLabel } from './mediaLabels'
import { AppTooltip } from '@renderer/components/AppTooltip'

const TILE = 160

const useStyles = makeStyles({
  tile: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, width: `${TILE}px`, margin: 0 },
  frame: { position: 'relative', width: `${TILE}px`, height: `${(TILE * 3) / 4}px`, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden', backgroundColor: tokens.colorNeutralBackground3 },
  image: { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
  remove: { position: 'absolute', top: tokens.spacingVerticalXS, right: tokens.spacingHorizontalXS },
  order: { display: 'flex', justifyContent: 'space-between' },
  card: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingVerticalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium
  },
  cardText: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 }
})

/** A finished image: its thumbnail, alt text (saved when the field loses focus), order and removal. */
export function ImageTile(props: {
  media: PostMedia
  disabled: boolean
  onRemove: () => void
  onSaved: (media: PostMedia) => void
  onMoveEarlier?: () => void
  onMoveLater?: () => void
}) {
  const { media, disabled } = props
  const styles = useStyles()
  const notify = useNotify()
  const update = useUpdateMedia()
  const [alt, setAlt] = useState(media.altText)

  const save = () => {
    const altText = alt.trim()
    if (altText === media.altText) return
    update.mutate({ mediaId: media.id, altText }, { onSuccess: props.onSaved, onError: (error) => notify(failureToast('Alt text not saved ⚠️', error)) })
  }

  return (
    <figure className={styles.tile} data-testid="media-image">
      <div className={styles.frame}>
        <img className={styles.image} src={media.thumbnailUrl ?? media.url} alt={alt.trim() || media.fileName} />
        <Button
          className={styles.remove}
          shape="circular"
          size="small"
          icon={<Dismiss16Regular />}
          aria-label={`Remove ${media.fileName}`}
          disabled={disabled}
          onClick={props.onRemove}
        />
      </div>
      {props.onMoveEarlier || props.onMoveLater ? (
        <div className={styles.order}>
          <Button
            size="small"
            appearance="subtle"
            icon={<ArrowLeft16Regular />}
            aria-label={`Move ${media.fileName} earlier`}
            disabled={disabled || !props.onMoveEarlier}
            onClick={props.onMoveEarlier}
          />
          <Button
            size="small"
            appearance="subtle"
            icon={<ArrowRight16Regular />}
            aria-label={`Move ${media.fileName} later`}
            disabled={disabled || !props.onMoveLater}
            onClick={props.onMoveLater}
          />
        </div>
      ) : null}
      <Input
        size="small"
        placeholder="Alt text"
        aria-label={`Alt text for ${media.fileName}`}
        value={alt}
        maxLength={MEDIA_ALT_TEXT_MAX}
        disabled={disabled}
        onChange={(_, data) => setAlt(data.value)}
        onBlur={save}
      />
    </figure>
  )
}

/** A finished video or document: what it is, its name and size, and removal. */
export function MediaCard(props: { media: PostMedia; disabled: boolean; onRemove: () => void }) {
  const { media } = props
  const styles = useStyles()
  const icon = media.kind === 'video' ? <Video24Regular /> : media.contentType === 'application/pdf' ? <DocumentPdf24Regular /> : <Document24Regular />
  return (
    <div className={styles.card} data-testid="media-card">
      {icon}
      <div className={styles.cardText}>
        <AppTooltip content={media.fileName} relationship="description">
          <Text weight="semibold">{truncateFileName(media.fileName)}</Text>
        </AppTooltip>
        <Caption1 className={styles.muted}>
          {mediaTypeLabel(media.contentType)} · {formatFileSize(media.size)}
        </Caption1>
      </div>
      <Button appearance="subtle" icon={<Dismiss16Regular />} aria-label={`Remove ${media.fileName}`} disabled={props.disabled} onClick={props.onRemove} />
    </div>
  )
}

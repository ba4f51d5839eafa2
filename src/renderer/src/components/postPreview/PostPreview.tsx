import { useState } from 'react'
import { makeStyles, mergeClasses } from '@fluentui/react-components'
import { ArrowRepeatAll20Regular, Comment20Regular, Document24Regular, Globe12Regular, Play24Filled, Send20Regular, ThumbLike20Regular } from '@fluentui/react-icons'
import type { Poll, PostMedia } from '@shared/domain/entities'
import type { PostType } from '@shared/domain/enums'
import { PREVIEW_LAYOUT, collapsePostText, postTextParts, type PreviewWidth } from './previewText'
import { PersonAvatar } from '@renderer/components/PersonAvatar'

/**
 * LinkedIn's own light feed palette and type, whatever the app's theme: the preview shows the post
 * as readers will see it.
 */
const LINKEDIN = {
  background: '#ffffff',
  text: 'rgba(0, 0, 0, 0.9)',
  muted: 'rgba(0, 0, 0, 0.6)',
  border: 'rgba(140, 140, 140, 0.3)',
  blue: '#0a66c2',
  surface: '#f3f2ef',
  font: '-apple-system, system-ui, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", "Fira Sans", Ubuntu, Oxygen, "Oxygen Sans", Cantarell, "Droid Sans", "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol", sans-serif'
}

const useStyles = makeStyles({
  root: {
    maxWidth: '100%',
    boxSizing: 'border-box',
    backgroundColor: LINKEDIN.background,
    color: LINKEDIN.text,
    fontFamily: LINKEDIN.font,
    fontSize: '14px',
    lineHeight: '20px',
    border: `1px solid ${LINKEDIN.border}`,
    borderRadius: '8px',
    overflow: 'hidden',
    textAlign: 'left',
    // The reactions row fits itself to the card's width (a phone's, or a window narrower than LinkedIn's column).
    containerType: 'inline-size'
  },
  header: { display: 'flex', gap: '8px', padding: '12px 16px 0' },
  who: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  name: { fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  muted: { color: LINKEDIN.muted, fontSize: '12px', lineHeight: '16px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  globe: { verticalAlign: '-2px' },
  // 'start', not the card's 'left': Arabic or Hebrew text (dir="auto") starts at the right as on LinkedIn.
  text: { padding: '8px 16px 8px', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', textAlign: 'start' },
  placeholder: { color: LINKEDIN.muted, fontStyle: 'italic' },
  highlight: { color: LINKEDIN.blue, fontWeight: 600 },
  more: {
    border: 'none',
    background: 'none',
    padding: 0,
    marginLeft: '4px',
    font: 'inherit',
    color: LINKEDIN.muted,
    cursor: 'pointer',
    ':hover': { color: LINKEDIN.blue, textDecorationLine: 'underline' }
  },
  images: { display: 'grid', gap: '2px', marginTop: '4px' },
  pair: { gridTemplateColumns: '1fr 1fr' },
  row: { display: 'grid', gap: '2px' },
  image: { display: 'block', width: '100%', height: '100%', objectFit: 'cover', backgroundColor: LINKEDIN.surface },
  cell: { position: 'relative', overflow: 'hidden' },
  extra: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: 'rgba(0, 0, 0, 0.55)',
    color: '#ffffff',
    fontSize: '24px',
    fontWeight: 600
  },
  video: {
    position: 'relative',
    aspectRatio: '16 / 9',
    marginTop: '4px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: '#000000',
    color: '#ffffff'
  },
  play: { width: '56px', height: '56px', borderRadius: '50%', backgroundColor: 'rgba(0, 0, 0, 0.6)', display: 'flex', alignItems: 'center', justifyContent: 'center' },
  caption: { position: 'absolute', left: '12px', bottom: '8px', right: '12px', fontSize: '12px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  document: { marginTop: '4px', backgroundColor: LINKEDIN.surface },
  documentTitle: { padding: '8px 16px', fontWeight: 600, backgroundColor: 'rgba(0, 0, 0, 0.75)', color: '#ffffff', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  documentPage: { aspectRatio: '4 / 3', display: 'flex', alignItems: 'center', justifyContent: 'center', color: LINKEDIN.muted },
  poll: { margin: '4px 16px 8px', padding: '12px 16px', border: `1px solid ${LINKEDIN.border}`, borderRadius: '8px' },
  pollQuestion: { fontWeight: 600, marginBottom: '4px', overflowWrap: 'anywhere' },
  pollOption: {
    marginTop: '8px',
    padding: '5px 12px',
    border: `1px solid ${LINKEDIN.blue}`,
    borderRadius: '16px',
    color: LINKEDIN.blue,
    fontWeight: 600,
    textAlign: 'center',
    overflowWrap: 'anywhere'
  },
  pollMeta: { marginTop: '8px' },
  // A reshare's original post, framed inside the resharer's (issue 15).
  reshared: { margin: '4px 16px 8px', border: `1px solid ${LINKEDIN.border}`, borderRadius: '8px', overflow: 'hidden' },
  resharedText: { padding: '0 12px 8px', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  actions: {
    display: 'flex',
    justifyContent: 'space-around',
    margin: '4px 12px 0',
    padding: '4px 0',
    borderTop: `1px solid ${LINKEDIN.border}`,
    color: LINKEDIN.muted,
    fontWeight: 600
  },
  action: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '4px',
    padding: '8px',
    minWidth: 0,
    whiteSpace: 'nowrap',
    // LinkedIn's phone layout: each label under its icon, in small type, so all four fit a 360 px card.
    '@container (max-width: 479.98px)': { flexDirection: 'column', gap: '2px', padding: '6px 4px', fontSize: '12px', lineHeight: '16px' }
  }
})

export interface PostPreviewProps {
  text: string
  type: PostType
  poll: Poll | null
  media: PostMedia[]
  author: { name: string; image: string | null; subtitle: string }
  /** The header's time ('Now', '2d', 'Scheduled for Tue 10 Mar, 09:00'): postTimes' previewWhen. */
  when?: string
  width: PreviewWidth
  /** A reshare (issue 15): the post it reshares, shown inside this one as LinkedIn does. */
  reshared?: { author: string; text: string }
}

/** The post as LinkedIn's feed shows it, at the desktop column's width or a phone's (issue 6). */
export function PostPreview(props: PostPreviewProps) {
  const { type, poll, media, author, when = 'Now', width } = props
  const styles = useStyles()
  const layout = PREVIEW_LAYOUT[width]
  const images = type === 'images' || type === 'multiImage' ? media.filter((m) => m.kind === 'image') : []
  const video = type === 'videos' ? media.find((m) => m.kind === 'video') : undefined
  const document = type === 'document' ? media.find((m) => m.kind === 'document') : undefined

  return (
    <section
      aria-label={`Post preview (${width})`}
      className={styles.root}
      style={{ width: `${layout.width}px` }}
      data-testid={`post-preview-${width}`}
    >
      <header className={styles.header}>
        <PersonAvatar name={author.name} image={author.image ? { src: author.image } : undefined} size={width === 'desktop' ? 48 : 40} color="colorful" />
        <div className={styles.who}>
          <span className={styles.name}>{author.name}</span>
          {author.subtitle ? <span className={styles.muted}>{author.subtitle}</span> : null}
          <span className={styles.muted}>
            {when} · <Globe12Regular role="img" aria-label="Anyone" className={styles.globe} />
          </span>
        </div>
      </header>
      <PostText key={width} text={props.text} width={width} />
      {images.length > 0 ? <ImageLayout images={images} /> : null}
      {video ? (
        <div className={styles.video} data-testid="preview-video">
          <span className={styles.play}>
            <Play24Filled />
          </span>
          <span className={styles.caption}>{video.fileName}</span>
        </div>
      ) : null}
      {document ? (
        <div className={styles.document} data-testid="preview-document">
          <div className={styles.documentTitle}>{document.fileName}</div>
          <div className={styles.documentPage}>
            <Document24Regular />
          </div>
        </div>
      ) : null}
      {type === 'poll' && poll ? <PollCard poll={poll} /> : null}
      {props.reshared ? <ResharedCard author={props.reshared.author} text={props.reshared.text} width={width} /> : null}
      <div className={styles.actions} aria-hidden data-testid="preview-actions">
        <span className={styles.action}>
          <ThumbLike20Regular /> Like
        </span>
        <span className={styles.action}>
          <Comment20Regular /> Comment
        </span>
        <span className={styles.action}>
          <ArrowRepeatAll20Regular /> Repost
        </span>
        <span className={styles.action}>
          <Send20Regular /> Send
        </span>
      </div>
    </section>
  )
}

/** The reshared post inside a reshare: its author and its first lines. */
function ResharedCard({ author, text, width }: { author: string; text: string; width: PreviewWidth }) {
  const styles = useStyles()
  const name = author.trim() || 'LinkedIn post'
  const collapsed = collapsePostText(text, width)
  return (
    <div className={styles.reshared} data-testid="preview-reshared">
      <header className={styles.header}>
        <PersonAvatar name={name} size={32} color="colorful" />
        <div className={styles.who}>
          <span className={styles.name}>{name}</span>
        </div>
      </header>
      {text.trim() ? <div dir="auto" className={mergeClasses(styles.text, styles.resharedText)} data-testid="preview-reshared-text">{collapsed.collapsed ? `${collapsed.text}…` : text}</div> : null}
    </div>
  )
}

/** Keyed by the width: switching width shows the post collapsed again, as a reader would first see it there. */
function PostText({ text, width }: { text: string; width: PreviewWidth }) {
  const styles = useStyles()
  const [expanded, setExpanded] = useState(false)
  if (text.trim() === '') {
    return <div dir="auto" className={mergeClasses(styles.text, styles.placeholder)}>What do you want to talk about?</div>
  }
  const collapsed = collapsePostText(text, width)
  const shown = expanded || !collapsed.collapsed ? text.replace(/\s+$/u, '') : collapsed.text
  return (
    <div dir="auto" className={styles.text} data-testid="preview-text">
      {postTextParts(shown).map((part, index) =>
        part.kind === 'text' ? (
          part.value
        ) : (
          <span key={index} className={styles.highlight}>
            {part.value}
          </span>
        )
      )}
      {collapsed.collapsed ? (
        <button type="button" className={styles.more} aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
          {expanded ? 'see less' : '…see more'}
        </button>
      ) : null}
    </div>
  )
}

/** One image large; two side by side; three or more as one large over a row of up to three, the last with '+N'. */
function ImageLayout({ images }: { images: PostMedia[] }) {
  const styles = useStyles()
  const picture = (m: PostMedia) => <img className={styles.image} src={m.thumbnailUrl ?? m.url} alt={m.altText || m.fileName} />
  if (images.length === 1) {
    const [only] = images as [PostMedia]
    // LinkedIn shows a single image between 1.91:1 and 4:5, cropping anything beyond.
    const ratio = only.width && only.height ? Math.min(1.91, Math.max(0.8, only.width / only.height)) : 1.91
    return (
      <div className={styles.images} data-testid="preview-images" data-layout="single">
        <div className={styles.cell} style={{ aspectRatio: String(ratio) }}>
          {picture(only)}
        </div>
      </div>
    )
  }
  if (images.length === 2) {
    return (
      <div className={mergeClasses(styles.images, styles.pair)} data-testid="preview-images" data-layout="pair">
        {images.map((m) => (
          <div key={m.id} className={styles.cell} style={{ aspectRatio: '1' }}>
            {picture(m)}
          </div>
        ))}
      </div>
    )
  }
  const [first, ...rest] = images as [PostMedia, ...PostMedia[]]
  const row = rest.slice(0, 3)
  const hidden = images.length - 1 - row.length
  return (
    <div className={styles.images} data-testid="preview-images" data-layout="grid">
      <div className={styles.cell} style={{ aspectRatio: '16 / 9' }}>
        {picture(first)}
      </div>
      <div className={styles.row} style={{ gridTemplateColumns: `repeat(${row.length}, 1fr)` }}>
        {row.map((m, index) => (
          <div key={m.id} className={styles.cell} style={{ aspectRatio: '1' }}>
            {picture(m)}
            {hidden > 0 && index === row.length - 1 ? (
              <span className={styles.extra} data-testid="preview-more-images">
                +{hidden}
              </span>
            ) : null}
          </div>
        ))}
      </div>
    </div>
  )
}

function PollCard({ poll }: { poll: Poll }) {
  const styles = useStyles()
  return (
    <div className={styles.poll} data-testid="preview-poll">
      <div dir="auto" className={styles.pollQuestion}>{poll.question.trim() || 'Your poll question'}</div>
      {poll.options.map((option, index) => (
        <div key={index} dir="auto" className={styles.pollOption}>
          {option.trim() || `Option ${index + 1}`}
        </div>
      ))}
      <div className={mergeClasses(styles.muted, styles.pollMeta)}>
        0 votes · {poll.durationDays} {poll.durationDays === 1 ? 'day' : 'days'} left
      </div>
    </div>
  )
}

import { useState } from 'react'
import { Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components'
import { Desktop20Regular, Phone20Regular } from '@fluentui/react-icons'
import type { Post } from '@shared/domain'
import { PostPreview } from '@renderer/components/postPreview/PostPreview'
import { activeMedia, postTypeOf, type PostDraft } from './postDraft'
import { previewWhen } from './postTimes'

const useStyles = makeStyles({
  // No sideways scrolling: the preview narrows to the column (PostPreview fits its parts to any width).
  preview: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'center', minWidth: 0, maxWidth: '100%' },
  choice: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS }
})

interface EditorPreviewProps {
  draft: PostDraft
  /** The post whose time the header shows; null: not saved, or being published ('Now'). */
  post: Post | null
  now: Date
  timeZone: string
  author: { name: string; image: string | null; subtitle: string }
  reshare: NonNullable<Post['reshare']> | null
}

/** The editor's right column: the draft as LinkedIn shows it, at the desktop or the phone width. */
export function EditorPreview({ draft, post, now, timeZone, author, reshare }: EditorPreviewProps) {
  const styles = useStyles()
  const [width, setWidth] = useState<'desktop' | 'mobile'>('desktop')
  const type = postTypeOf(draft)
  return (
    <div className={styles.preview}>
      <RadioGroup value={width} onChange={(_, d) => setWidth(d.value as 'desktop' | 'mobile')} layout="horizontal" aria-label="Preview width">
        <Radio
          value="desktop"
          label={
            <span className={styles.choice}>
              <Desktop20Regular aria-hidden />
              Desktop
            </span>
          }
        />
        <Radio
          value="mobile"
          label={
            <span className={styles.choice}>
              <Phone20Regular aria-hidden />
              Mobile
            </span>
          }
        />
      </RadioGroup>
      <PostPreview
        text={draft.text}
        type={type}
        poll={type === 'poll' ? draft.poll : null}
        media={activeMedia(draft)}
        author={author}
        when={previewWhen(post, now, timeZone)}
        width={width}
        reshared={reshare ? { author: reshare.previewAuthor, text: reshare.previewText } : undefined}
      />
    </div>
  )
}

import { useState } from 'react'
import { Button, Link, Text, makeStyles, tokens } from '@fluentui/react-components'
import { Open16Regular } from '@fluentui/react-icons'
import { useHost } from '@renderer/host/HostContext'
import { collapsePostText } from './previewText'
import { PersonAvatar } from '@renderer/components/PersonAvatar'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    minWidth: 0
  },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  author: { fontWeight: tokens.fontWeightSemibold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  empty: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
  footer: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' }
})

interface ResharedPostProps {
  /** The post's author or business page as LinkedIn shows it ('' for an outside address Pagecrew has not read). */
  author: string
  /** Its text ('' for an outside address). */
  text: string
  /** The post on LinkedIn ('' when unknown). */
  url: string
  'data-testid'?: string
}

/**
 * The post a reshare carries (issue 15), as a card under the reshare's comment: who wrote it, its
 * text cut to LinkedIn's first lines with Show more, and a link to it on LinkedIn (opened by the
 * host, outside the app).
 */
export function ResharedPost({ author, text, url, 'data-testid': testId = 'reshared-post' }: ResharedPostProps) {
  const styles = useStyles()
  const host = useHost()
  const [expanded, setExpanded] = useState(false)
  const collapsed = collapsePostText(text, 'desktop')
  const shown = expanded || !collapsed.collapsed ? text.replace(/\s+$/u, '') : collapsed.text

  const name = author.trim() || 'A LinkedIn post'
  const open = () => {
    host.openExternal(url).catch((error: unknown) => console.error(`Could not open ${url}.`, error))
  }

  return (
    <section className={styles.root} aria-label={author.trim() ? `Post by ${name}` : name} data-testid={testId}>
      <div className={styles.header}>
        <PersonAvatar name={name} size={32} color="colorful" aria-hidden />
        <Text dir="auto" className={styles.author} data-testid={`${testId}-author`}>
          {name}
        </Text>
      </div>
      {text.trim() === '' ? (
        <Text className={styles.empty}>Its text shows on LinkedIn.</Text>
      ) : (
        <Text dir="auto" className={styles.text} data-testid={`${testId}-text`}>
          {shown}
        </Text>
      )}
      <div className={styles.footer}>
        {collapsed.collapsed ? (
          <Button size="small" appearance="transparent" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)} data-testid={`${testId}-more`}>
            {expanded ? 'Show less' : 'Show more'}
          </Button>
        ) : null}
        {url ? (
          <Link as="button" onClick={open} data-testid={`${testId}-open`}>
            View on LinkedIn <Open16Regular aria-hidden />
          </Link>
        ) : null}
      </div>
    </section>
  )
}

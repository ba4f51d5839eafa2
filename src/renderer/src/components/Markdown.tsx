import type { ComponentProps, MouseEvent } from 'react'
import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { useHost } from '@renderer/host/HostContext'

const useStyles = makeStyles({
  root: {
    lineHeight: tokens.lineHeightBase400,
    fontSize: tokens.fontSizeBase400,
    overflowWrap: 'anywhere',
    '& h1, & h2, & h3, & h4': { lineHeight: tokens.lineHeightBase500, marginTop: tokens.spacingVerticalXL, marginBottom: tokens.spacingVerticalS },
    '& h1': { fontSize: tokens.fontSizeBase600 },
    '& h2': { fontSize: tokens.fontSizeBase500 },
    '& h3, & h4': { fontSize: tokens.fontSizeBase400 },
    '& > :first-child': { marginTop: 0 },
    '& p, & ul, & ol, & blockquote, & pre': { marginTop: 0, marginBottom: tokens.spacingVerticalM },
    '& li + li': { marginTop: tokens.spacingVerticalXS },
    '& blockquote': {
      marginLeft: 0,
      paddingLeft: tokens.spacingHorizontalL,
      borderLeft: `${tokens.strokeWidthThicker} solid ${tokens.colorBrandStroke2}`,
      color: tokens.colorNeutralForeground2
    },
    '& code': { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase300, backgroundColor: tokens.colorNeutralBackground3, padding: '0 4px', borderRadius: tokens.borderRadiusSmall },
    '& pre': { overflowX: 'auto', padding: tokens.spacingHorizontalM, backgroundColor: tokens.colorNeutralBackground3, borderRadius: tokens.borderRadiusMedium },
    '& pre code': { padding: 0 },
    '& a': { color: tokens.colorBrandForegroundLink },
    '& table': { borderCollapse: 'collapse' },
    '& th, & td': { border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, textAlign: 'left', verticalAlign: 'top' },
    '& th': { backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold },
    '& hr': { border: 'none', borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, margin: `${tokens.spacingVerticalL} 0` }
  },
  image: { fontStyle: 'italic', color: tokens.colorNeutralForeground3 },
  wide: { maxWidth: '100%', overflowX: 'auto', marginBottom: tokens.spacingVerticalM }
})

const WEB_LINK = /^https?:\/\//i

/** A link opens in the system browser through the host; any other protocol (javascript:, file:, mailto:) is plain text. */
function Link({ href, children }: ComponentProps<'a'>) {
  const host = useHost()
  if (!href || !WEB_LINK.test(href)) return <span data-testid="markdown-dropped-link">{children}</span>
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    host.openExternal(href).catch((error: unknown) => console.error(`Could not open ${href}.`, error))
  }
  return (
    <a href={href} onClick={open} rel="noreferrer noopener">
      {children}
    </a>
  )
}

/** Remote images are not loaded (they would tell a third party who reads what): the alt text stands in. */
function ImageAsText({ alt }: ComponentProps<'img'>) {
  const styles = useStyles()
  return alt ? <span className={styles.image}>[{alt}]</span> : null
}

/** A table wider than the column scrolls on its own rather than widening the page. */
function WideTable({ children }: ComponentProps<'table'>) {
  const styles = useStyles()
  return (
    <div className={styles.wide} data-scrolls-sideways="">
      <table>{children}</table>
    </div>
  )
}

function Preformatted({ children }: ComponentProps<'pre'>) {
  return <pre data-scrolls-sideways="">{children}</pre>
}

const COMPONENTS: Components = { a: Link, img: ImageAsText, table: WideTable, pre: Preformatted }
// GitHub's tables, task lists and strikethrough, which the Academy's lessons use (src/server/academy/content).
const REMARK_PLUGINS = [remarkGfm]

/** Only web links survive; everything else becomes '' and renders as text (see Link). */
function urlTransform(url: string): string {
  return WEB_LINK.test(url) ? defaultUrlTransform(url) : ''
}

/**
 * Markdown rendered safely (Academy lessons and articles, organization lessons that admins write):
 * CommonMark with GitHub's tables and lists, raw HTML dropped (skipHtml; rehype-raw is never added), links through the host,
 * no remote images.
 */
export function Markdown({ children, className, 'data-testid': testId }: { children: string; className?: string; 'data-testid'?: string }) {
  const styles = useStyles()
  return (
    <div className={mergeClasses(styles.root, className)} data-testid={testId}>
      <ReactMarkdown skipHtml remarkPlugins={REMARK_PLUGINS} components={COMPONENTS} urlTransform={urlTransform}>
        {children}
      </ReactMarkdown>
    </div>
  )
}

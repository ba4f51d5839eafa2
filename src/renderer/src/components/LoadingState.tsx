import { makeStyles, tokens } from '@fluentui/react-components'
import { CardsSkeleton, CenteredCardSkeleton, ListSkeleton, PageSkeleton } from './Skeletons'

const useStyles = makeStyles({
  inline: { padding: `${tokens.spacingVerticalM} 0` }
})

/**
 * What loads, as a skeleton of its shape: 'list' rows (the default inline, for sections and lists),
 * 'cards', a screen's content ('page', the default otherwise) or the centred 'card' of the screens
 * outside the shell.
 */
type LoadingShape = 'list' | 'cards' | 'page' | 'card'

/** A section or screen that is loading: a skeleton named by `label` for assistive technology. */
export function LoadingState({ label = 'Loading…', inline = false, shape }: { label?: string; inline?: boolean; shape?: LoadingShape }) {
  const styles = useStyles()
  const chosen = shape ?? (inline ? 'list' : 'page')
  if (chosen === 'card') return <CenteredCardSkeleton label={label} />
  const skeleton =
    chosen === 'list' ? <ListSkeleton label={label} /> : chosen === 'cards' ? <CardsSkeleton label={label} /> : <PageSkeleton label={label} />
  return <div className={inline ? styles.inline : undefined}>{skeleton}</div>
}

import { Button, makeStyles } from '@fluentui/react-components'
import { ArrowSortDown16Regular, ArrowSortUp16Regular, ArrowSort16Regular } from '@fluentui/react-icons'
import type { AnalyticsPostsSort } from '@renderer/api/analytics'

const useStyles = makeStyles({
  button: { minWidth: 0, padding: 0, fontWeight: 'inherit', maxWidth: '100%', justifyContent: 'flex-start' }
})

type SortKey = NonNullable<AnalyticsPostsSort['sort']>

/** A column header that sorts the table on the server: a first click sorts descending (the most first), the next flips it. */
export function SortHeader({ label, column, sort, onSort, align = 'start' }: { label: string; column: SortKey; sort: Required<AnalyticsPostsSort>; onSort: (next: Required<AnalyticsPostsSort>) => void; align?: 'start' | 'end' }) {
  const styles = useStyles()
  const active = sort.sort === column
  const icon = !active ? <ArrowSort16Regular /> : sort.order === 'asc' ? <ArrowSortUp16Regular /> : <ArrowSortDown16Regular />
  const next: Required<AnalyticsPostsSort> = { sort: column, order: active && sort.order === 'desc' ? 'asc' : active ? 'desc' : column === 'author' ? 'asc' : 'desc' }
  return (
    <Button
      appearance="transparent"
      size="small"
      className={styles.button}
      icon={icon}
      iconPosition={align === 'end' ? 'before' : 'after'}
      onClick={() => onSort(next)}
      data-testid={`sort-${column}`}
    >
      {label}
    </Button>
  )
}

/** The aria-sort of a column header. */
export function ariaSort(sort: Required<AnalyticsPostsSort>, column: SortKey): 'ascending' | 'descending' | 'none' {
  if (sort.sort !== column) return 'none'
  return sort.order === 'asc' ? 'ascending' : 'descending'
}

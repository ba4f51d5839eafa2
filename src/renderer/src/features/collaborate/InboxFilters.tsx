import { Button, Field, SearchBox, Select, makeStyles, tokens } from '@fluentui/react-components'
import { Dismiss16Regular } from '@fluentui/react-icons'
import { postStageSchema, prioritySchema, type PostStage, type Priority } from '@shared/domain'
import type { CollaborateChanges, InboxView } from './collaborateState'
import { PRIORITY_LABELS, STAGE_LABELS } from './labels'

const useStyles = makeStyles({
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  search: { flexGrow: 1, flexBasis: '100%', minWidth: 0, maxWidth: 'none' },
  field: { flexGrow: 1, flexBasis: '120px', minWidth: 0 },
  select: { minWidth: 0, width: '100%', '& select': { minWidth: 0, textOverflow: 'ellipsis' } }
})

interface InboxFiltersProps {
  view: InboxView
  /** What the search box shows: typed, ahead of the address. */
  typed: string
  onType: (value: string) => void
  status: PostStage | undefined
  /** Not offered in My posts. */
  priority: Priority | undefined
  /** Some search or filter is set: Clear filters is offered. */
  filtered: boolean
  onChange: (changes: CollaborateChanges) => void
  onClear: () => void
}

/** Above the inbox: the search, the stage and (but in My posts) the priority filters, and Clear filters. */
export function InboxFilters({ view, typed, onType, status, priority, filtered, onChange, onClear }: InboxFiltersProps) {
  const styles = useStyles()
  return (
    <div className={styles.filters} role="group" aria-label="Search and filters">
      <SearchBox
        className={styles.search}
        value={typed}
        onChange={(_, data) => onType(data.value)}
        // Fluent keeps an empty box's clear button just past its right edge, out of the window on a phone.
        dismiss={typed ? undefined : null}
        placeholder={view === 'mine' ? 'Search my posts' : 'Search posts and authors'}
        aria-label="Search"
        data-testid="collaborate-search"
      />
      <Field label="Stage" size="small" className={styles.field}>
        <Select
          size="small"
          className={styles.select}
          value={status ?? ''}
          onChange={(_, data) => onChange({ status: (data.value || null) as PostStage | null })}
          data-testid="collaborate-filter-status"
        >
          <option value="">All stages</option>
          {postStageSchema.options.map((stage) => (
            <option key={stage} value={stage}>
              {STAGE_LABELS[stage]}
            </option>
          ))}
        </Select>
      </Field>
      {view !== 'mine' ? (
        <Field label="Priority" size="small" className={styles.field}>
          <Select
            size="small"
            className={styles.select}
            value={priority ?? ''}
            onChange={(_, data) => onChange({ priority: (data.value || null) as Priority | null })}
            data-testid="collaborate-filter-priority"
          >
            <option value="">All priorities</option>
            {prioritySchema.options.map((p) => (
              <option key={p} value={p}>
                {PRIORITY_LABELS[p]}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      {filtered ? (
        <Button size="small" appearance="subtle" icon={<Dismiss16Regular />} onClick={onClear} data-testid="collaborate-clear-filters">
          Clear filters
        </Button>
      ) : null}
    </div>
  )
}

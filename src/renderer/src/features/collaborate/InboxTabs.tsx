import { CounterBadge, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components'
import type { ReviewInbox } from '@shared/domain'
import type { InboxView } from './collaborateState'
import { TAB_LABELS } from './labels'

const useStyles = makeStyles({
  tabs: { display: 'flex', flexWrap: 'wrap', minWidth: 0 },
  count: { marginLeft: tokens.spacingHorizontalXS }
})

interface InboxTabsProps {
  tabs: InboxView[]
  view: InboxView
  /** The inbox's counts, once it answered. */
  counts: ReviewInbox['counts'] | undefined
  /** Without REVIEW_FLOW only My posts is counted. */
  reviewFlow: boolean
  onSelect: (view: InboxView) => void
}

/** Collaborate's tabs, each with its count. */
export function InboxTabs({ tabs, view, counts, reviewFlow, onSelect }: InboxTabsProps) {
  const styles = useStyles()
  return (
    <TabList
      className={styles.tabs}
      selectedValue={view}
      onTabSelect={(_, data) => onSelect(data.value as InboxView)}
      aria-label="Collaborate"
      data-testid="collaborate-tabs"
    >
      {tabs.map((tab) => {
        const count = tab === 'mine' || reviewFlow ? counts?.[tab] : undefined
        return (
          // Fluent draws a tab's content twice (once hidden, to reserve its bold width): the count is read from data-count.
          <Tab key={tab} value={tab} data-testid={`collaborate-tab-${tab}`} data-count={count}>
            {TAB_LABELS[tab]}
            {typeof count === 'number' ? <CounterBadge className={styles.count} count={count} showZero size="small" appearance="ghost" color="informative" /> : null}
          </Tab>
        )
      })}
    </TabList>
  )
}

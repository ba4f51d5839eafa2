import { useCallback, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { DocumentEdit20Regular, History20Regular, MoreHorizontal20Regular, PeopleAdd20Regular } from '@fluentui/react-icons'
import type { ReviewInboxItem } from '@shared/domain'
import { hasEntitlement } from '@shared/rules'
import { paths } from '@shared/routes'
import { GENERIC_ERROR_MESSAGE, OPEN_PLAN_MODAL_EVENT, isApiError } from '@renderer/api/client'
import { useEntitlements } from '@renderer/api/entitlements'
import { useReviewInbox, type ReviewInboxQuery } from '@renderer/api/review'
import { useUser } from '@renderer/api/user'
import { EmptyState, type EmptyStateAction } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { ListSkeleton, PageSkeleton } from '@renderer/components/Skeletons'
import { editorPath } from './ApprovalBar'
import { AskForFeedback } from './AskForFeedback'
import { readCollaborateParams, writeCollaborateParams, type CollaborateChanges, type InboxView } from './collaborateState'
import { CompareVersionsDialog } from './CompareVersionsDialog'
import { InboxList } from './InboxList'
import { InboxFilters } from './InboxFilters'
import { InboxTabs } from './InboxTabs'
import { TAB_LABELS } from './labels'
import { ReviewPanel } from './ReviewPanel'
import { useFocusAfterSwap, useTypedSearch } from './screenHooks'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0, containerType: 'inline-size' },
  // The list and the review side by side on a wide screen; one above the other on a narrow one,
  // where an open review takes the list's place (its back button returns to the list).
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@container (min-width: 900px)': { gridTemplateColumns: 'minmax(300px, 380px) minmax(0, 1fr)' }
  },
  narrowHidden: { '@container (max-width: 899.98px)': { display: 'none' } },
  listColumn: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  note: { color: tokens.colorNeutralForeground3 }
})

const openPlanDialog = () => window.dispatchEvent(new Event(OPEN_PLAN_MODAL_EVENT))

/** A post's own actions in My posts: open it in the editor, ask for feedback (with REVIEW_FLOW), compare its versions. */
function RowMenu({
  item,
  tabbable,
  onCompare,
  onAskForFeedback
}: {
  item: ReviewInboxItem
  tabbable: boolean
  onCompare: (postId: string) => void
  /** Null without REVIEW_FLOW. */
  onAskForFeedback: ((postId: string) => void) | null
}) {
  const navigate = useNavigate()
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          size="small"
          icon={<MoreHorizontal20Regular />}
          aria-label="Post actions"
          tabIndex={tabbable ? 0 : -1}
          // The row opens the post on a click: the menu's own click is not the row's.
          onClick={(event) => event.stopPropagation()}
          data-testid={`post-menu-${item.postId}`}
        />
      </MenuTrigger>
      {/* React passes the portal's clicks up to the row, which would open the post as well. */}
      <MenuPopover onClick={(event) => event.stopPropagation()}>
        <MenuList>
          <MenuItem icon={<DocumentEdit20Regular />} onClick={() => void navigate(editorPath(item.postId))} data-testid="post-menu-editor">
            Open in editor
          </MenuItem>
          {onAskForFeedback && item.status !== 'PUBLISHED' && item.status !== 'PENDING_PUBLISH' ? (
            <MenuItem icon={<PeopleAdd20Regular />} onClick={() => onAskForFeedback(item.postId)} data-testid="post-menu-ask-feedback">
              {item.request ? 'Add reviewers' : 'Ask for feedback'}
            </MenuItem>
          ) : null}
          <MenuItem icon={<History20Regular />} onClick={() => onCompare(item.postId)} data-testid="post-menu-compare">
            Compare versions
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  )
}

function emptyStateOf(view: InboxView, filtered: boolean, actions: { clearFilters: () => void; goTo: (view: InboxView) => void; write: () => void }) {
  if (filtered) {
    return { message: 'No post matches the search and filters.', hint: 'Clear them to see the whole list.', action: { label: 'Clear filters', onClick: actions.clearFilters } }
  }
  const shown: Record<InboxView, { message: string; hint: string; action: EmptyStateAction }> = {
    requested: {
      message: 'Nothing waits for your review.',
      hint: 'When a colleague asks for your feedback it appears here.',
      action: { label: 'See my posts', onClick: () => actions.goTo('mine') }
    },
    mine: {
      message: 'You have no posts yet.',
      hint: 'Write a post: your drafts, posts in review, scheduled, published and failed posts are all listed here.',
      action: { label: 'Write a post', onClick: actions.write }
    },
    team: {
      message: 'No post of your teams is in review.',
      hint: 'When a member of a team you lead asks for feedback or approval, the post appears here.',
      action: { label: 'See what waits for my review', onClick: () => actions.goTo('requested') }
    }
  }
  return shown[view]
}

function CollaborateScreen({ selfId, timeZone, reviewFlow }: { selfId: string; timeZone: string | null; reviewFlow: boolean }) {
  const styles = useStyles()
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const state = readCollaborateParams(params)
  const view: InboxView = state.view ?? (reviewFlow ? 'requested' : 'mine')
  const { postId, status, search } = state
  const priority = view === 'mine' ? undefined : state.priority
  // Feedback requests and approvals need REVIEW_FLOW; My posts works on every plan.
  const locked = !reviewFlow && view !== 'mine'

  const update = useCallback((changes: CollaborateChanges) => setParams((current) => writeCollaborateParams(current, changes), { replace: true }), [setParams])

  const query: ReviewInboxQuery = { view: locked ? 'mine' : view, ...(priority ? { priority } : {}), ...(status ? { status } : {}), ...(search.trim() ? { search: search.trim() } : {}) }
  const inbox = useReviewInbox(locked ? { view: 'mine' } : query)
  const counts = inbox.data?.counts
  const items = inbox.data?.items ?? []

  const [typed, setTyped] = useTypedSearch(search, update)
  const layout = useFocusAfterSwap(postId)

  const [comparing, setComparing] = useState<string | null>(null)
  const [asking, setAsking] = useState<string | null>(null)
  const filtered = Boolean(status || priority || search.trim())
  const clearFilters = () => update({ status: null, priority: null, search: '' })
  const goTo = (next: InboxView) => update({ view: next, postId: null, priority: next === 'mine' ? null : undefined })
  // Team is for team leaders and admins: the inbox counts it for them only (a link to it still shows the tab, and the server's answer).
  const tabs: InboxView[] = typeof counts?.team === 'number' || view === 'team' ? ['requested', 'mine', 'team'] : ['requested', 'mine']

  const list = (() => {
    if (locked) {
      return (
        <EmptyState
          message={view === 'requested' ? 'Colleagues’ posts that wait for your feedback or approval appear here.' : 'Your teams’ posts in review appear here.'}
          hint="Ask colleagues for feedback, let them comment and suggest changes, and have team leaders approve posts before they go out. Feedback requests and approvals come with the Professional and Enterprise plans."
          action={{ label: 'See plans', onClick: openPlanDialog, 'data-testid': 'collaborate-upgrade' }}
          data-testid="collaborate-upsell"
        />
      )
    }
    if (inbox.isPending) return <ListSkeleton label="Loading posts…" rows={5} data-testid="collaborate-skeleton" />
    if (inbox.isError) {
      const message = isApiError(inbox.error) && inbox.error.isClientError ? inbox.error.message : GENERIC_ERROR_MESSAGE
      return <ErrorState message={message} onRetry={() => void inbox.refetch()} />
    }
    if (items.length === 0) {
      const empty = emptyStateOf(view, filtered, { clearFilters, goTo, write: () => void navigate(paths.writePost) })
      return <EmptyState message={empty.message} hint={empty.hint} action={{ ...empty.action, 'data-testid': 'collaborate-empty-action' }} data-testid="collaborate-empty" />
    }
    return (
      <>
        <InboxList
          key={view}
          items={items}
          selectedId={postId}
          onOpen={(id) => update({ postId: id })}
          showAuthor={view !== 'mine'}
          timeZone={timeZone}
          label={TAB_LABELS[view]}
          rowActions={
            view === 'mine'
              ? (item, tabbable) => <RowMenu item={item} tabbable={tabbable} onCompare={setComparing} onAskForFeedback={reviewFlow ? setAsking : null} />
              : undefined
          }
        />
        {inbox.data.total > items.length ? (
          <Text size={200} className={styles.note} data-testid="collaborate-truncated">
            The first {items.length} of {inbox.data.total} posts: search or filter to find the others.
          </Text>
        ) : null}
      </>
    )
  })()

  return (
    <div className={styles.root} data-testid="collaborate-page" data-view={view}>
      <InboxTabs tabs={tabs} view={view} counts={counts} reviewFlow={reviewFlow} onSelect={goTo} />
      <div ref={layout} className={styles.layout}>
        <div className={mergeClasses(styles.listColumn, postId !== null && styles.narrowHidden)}>
          {!locked ? (
            <InboxFilters
              view={view}
              typed={typed}
              onType={setTyped}
              status={status}
              priority={priority}
              filtered={filtered}
              onChange={update}
              onClear={clearFilters}
            />
          ) : null}
          {list}
        </div>
        {postId ? (
          <ReviewPanel
            key={postId}
            postId={postId}
            selfId={selfId}
            timeZone={timeZone}
            reviewFlow={reviewFlow}
            onClose={() => update({ postId: null })}
            onCompare={setComparing}
            onUpgrade={openPlanDialog}
            onAskForFeedback={setAsking}
          />
        ) : (
          <div className={styles.narrowHidden}>
            <EmptyState message="Choose a post to see it with its feedback." data-testid="collaborate-no-selection" />
          </div>
        )}
      </div>
      {comparing ? <CompareVersionsDialog postId={comparing} timeZone={timeZone} onClose={() => setComparing(null)} /> : null}
      {asking ? <AskForFeedback postId={asking} onClose={() => setAsking(null)} /> : null}
    </div>
  )
}

/**
 * /collaborate (issue 13): "For my review" (feedback requests and approvals waiting for the
 * viewer, by priority then due date), "My posts" (every post of the viewer's, whatever its stage:
 * the list missing elsewhere) and "Team" for team leaders and admins (their teams' posts in
 * review), each with its count, search and filters; the review of the chosen post beside the list.
 * Tab, filters, search and the open post live in the address; notifications link to
 * `?postId=<id>`. Without REVIEW_FLOW, My posts still works and the other tabs say what the plan
 * would add.
 */
export default function CollaboratePage() {
  const user = useUser()
  const entitlements = useEntitlements()
  if (user.isPending || entitlements.isPending) return <PageSkeleton label="Loading Collaborate…" />
  if (user.isError) return <ErrorState onRetry={() => void user.refetch()} />
  if (entitlements.isError) return <ErrorState onRetry={() => void entitlements.refetch()} />
  return (
    <CollaborateScreen
      selfId={user.data.id}
      timeZone={user.data.timezone}
      reviewFlow={hasEntitlement(entitlements.data, 'REVIEW_FLOW')}
    />
  )
}

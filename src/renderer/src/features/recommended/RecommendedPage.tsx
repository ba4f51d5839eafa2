import { Suspense, lazy, useState } from 'react'
import { Button, MessageBar, MessageBarActions, MessageBarBody, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components'
import { Add20Regular, ArrowRepeatAll24Regular } from '@fluentui/react-icons'
import { useDismissRecommendation, useRecommended } from '@renderer/api/recommended'
import { useUser } from '@renderer/api/user'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { CardsSkeleton } from '@renderer/components/Skeletons'
import { failureToast } from '@renderer/lib/failureToast'
import { userTimeZone } from '@renderer/lib/timeZone'
import { useNotify } from '@renderer/lib/toasts'
import { RecommendationCard } from './RecommendationCard'
import { SentList } from './SentList'
import { useDeferredDismiss } from './useDeferredDismiss'

const RecommendDialog = lazy(async () => ({ default: (await import('./RecommendDialog')).RecommendDialog }))

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '880px', minWidth: 0 },
  toolbar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL }
})

type View = 'forMe' | 'sent'

export const EMPTY_FOR_ME = 'Posts your admins and team leaders recommend for resharing appear here.'
const EMPTY_FOR_ME_HINT = 'Reshare one with your own comment and it goes out on LinkedIn like any post you schedule.'
const EMPTY_SENT = 'You have not recommended a post yet.'
const EMPTY_SENT_HINT = 'Recommend one of your organization’s posts, or any LinkedIn post, to everyone, teams or members: they are notified and can reshare it with a comment you suggest.'

/**
 * /recommended (issue 15): the posts recommended to the session user for resharing ("For you"),
 * and for admins and team leaders the ones they sent, with who reshared them.
 */
export default function RecommendedPage() {
  const styles = useStyles()
  const user = useUser()
  const list = useRecommended()
  const notify = useNotify()
  const dismissCall = useDismissRecommendation()
  const [view, setView] = useState<View>('forMe')
  const [recommending, setRecommending] = useState(false)
  const { waiting, dismiss, undo } = useDeferredDismiss((id) =>
    dismissCall.mutate(id, { onError: (error) => notify(failureToast('Not dismissed ⚠️', error)) })
  )

  if (list.isError && !list.data) return <ErrorState onRetry={() => void list.refetch()} />
  if (!list.data || !user.data) {
    return (
      <div className={styles.page}>
        <CardsSkeleton label="Loading recommended posts" cards={2} data-testid="recommended-loading" />
      </div>
    )
  }

  const timeZone = userTimeZone(user.data)
  const { forMe, created, canRecommend } = list.data
  const shown = view === 'sent' && canRecommend ? 'sent' : 'forMe'

  return (
    <div className={styles.page} data-testid="recommended-page">
      <div className={styles.toolbar}>
        <TabList selectedValue={shown} onTabSelect={(_, d) => setView(d.value as View)} aria-label="Recommended posts">
          <Tab value="forMe" data-testid="recommended-tab-for-me">
            For you
          </Tab>
          {canRecommend ? (
            <Tab value="sent" data-testid="recommended-tab-sent">
              {`Sent (${created.length})`}
            </Tab>
          ) : null}
        </TabList>
        {canRecommend ? (
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => setRecommending(true)} data-testid="recommend-open">
            Recommend a post
          </Button>
        ) : null}
      </div>

      {shown === 'forMe' ? (
        forMe.length === 0 ? (
          <EmptyState icon={<ArrowRepeatAll24Regular />} message={EMPTY_FOR_ME} hint={EMPTY_FOR_ME_HINT} data-testid="recommended-empty" />
        ) : (
          <div className={styles.list} data-testid="recommended-for-me">
            {forMe.map((r) =>
              waiting.includes(r.id) ? (
                <MessageBar key={r.id} intent="info" data-testid={`recommendation-${r.id}-dismissed`}>
                  <MessageBarBody>Dismissed: it no longer shows here.</MessageBarBody>
                  <MessageBarActions>
                    <Button size="small" onClick={() => undo(r.id)} autoFocus data-testid={`recommendation-${r.id}-undo`}>
                      Undo
                    </Button>
                  </MessageBarActions>
                </MessageBar>
              ) : (
                <RecommendationCard key={r.id} recommendation={r} timeZone={timeZone} onDismiss={dismiss} />
              )
            )}
          </div>
        )
      ) : created.length === 0 ? (
        <EmptyState
          icon={<ArrowRepeatAll24Regular />}
          message={EMPTY_SENT}
          hint={EMPTY_SENT_HINT}
          action={{ label: 'Recommend a post', onClick: () => setRecommending(true), 'data-testid': 'recommend-open-empty' }}
          data-testid="recommended-sent-empty"
        />
      ) : (
        <SentList recommendations={created} timeZone={timeZone} />
      )}

      {recommending ? (
        <Suspense fallback={null}>
          <RecommendDialog
            user={user.data}
            onClose={() => setRecommending(false)}
            onCreated={() => {
              setRecommending(false)
              setView('sent')
            }}
          />
        </Suspense>
      ) : null}
    </div>
  )
}

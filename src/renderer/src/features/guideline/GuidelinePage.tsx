import { Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components'
import { CheckmarkCircle20Regular, Edit20Regular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router-dom'
import { isAdmin } from '@shared/rules'
import { linkTo } from '@shared/routes'
import { useGuideline, useMarkGuidelineRead } from '@renderer/api/guideline'
import { useUser } from '@renderer/api/user'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { Markdown } from '@renderer/components/Markdown'
import { PageSkeleton } from '@renderer/components/Skeletons'
import { useSingleFlight } from '@renderer/components/useSingleFlight'
import { failureToast } from '@renderer/lib/failureToast'
import { formatDate } from '@renderer/lib/formatDate'
import { useNotify } from '@renderer/lib/toasts'

const guidelineSettingsPath = linkTo('organizationSettings', { section: 'guideline' })

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '860px' },
  card: { padding: tokens.spacingHorizontalXL },
  footer: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM, justifyContent: 'space-between' },
  muted: { color: tokens.colorNeutralForeground3 },
  read: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, color: tokens.colorPaletteGreenForeground1 }
})

/**
 * The organization's posting guideline as members read it. Until they confirm reading the current
 * version a banner asks them to (shell/Banners.tsx); admins get a link to edit it.
 */
export default function GuidelinePage() {
  const styles = useStyles()
  const user = useUser()
  const guideline = useGuideline()
  const markRead = useMarkGuidelineRead()
  const flight = useSingleFlight()
  const notify = useNotify()
  const navigate = useNavigate()
  const admin = user.data ? isAdmin(user.data) : false

  if (guideline.isError && !guideline.data) return <ErrorState onRetry={() => void guideline.refetch()} />
  if (!guideline.data) return <PageSkeleton label="Loading the posting guideline" />

  const { guideline: text, read, readAt, updatedAt } = guideline.data
  if (text === null) {
    return (
      <EmptyState
        message="Your organization has no posting guideline yet."
        hint={admin ? 'Write what your colleagues should know before they post: tone of voice, what to share and what not to.' : 'When an admin writes one, you will find it here.'}
        action={admin ? { label: 'Write the guideline', icon: <Edit20Regular />, onClick: () => void navigate(guidelineSettingsPath), 'data-testid': 'guideline-write' } : undefined}
        data-testid="guideline-empty"
      />
    )
  }

  const confirm = () =>
    void flight.run(async () => {
      try {
        await markRead.mutateAsync(true)
        notify({ title: 'Thanks for reading ✅', body: 'We will ask you again only when the guideline changes.' })
      } catch (error) {
        notify(failureToast('Not saved ⚠️', error))
      }
    })

  return (
    <div className={styles.page} data-testid="guideline-page">
      <Card className={styles.card}>
        <article dir="auto" data-testid="guideline-text">
          <Markdown>{text}</Markdown>
        </article>
      </Card>
      <div className={styles.footer}>
        <Text size={200} className={styles.muted}>
          {updatedAt ? `Last changed ${formatDate(updatedAt, 'date')}` : null}
        </Text>
        {read && readAt ? (
          <span className={styles.read} data-testid="guideline-read">
            <CheckmarkCircle20Regular aria-hidden />
            <Text>You read it on {formatDate(readAt, 'date')}.</Text>
          </span>
        ) : (
          <Button appearance="primary" icon={<CheckmarkCircle20Regular />} disabled={flight.running} onClick={confirm} data-testid="guideline-confirm">
            I have read it
          </Button>
        )}
        {admin ? (
          <Button appearance="subtle" icon={<Edit20Regular />} onClick={() => void navigate(guidelineSettingsPath)} data-testid="guideline-edit">
            Edit
          </Button>
        ) : null}
      </div>
    </div>
  )
}

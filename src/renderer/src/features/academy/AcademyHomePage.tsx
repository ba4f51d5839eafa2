import { Suspense, lazy, type ReactNode } from 'react'
import { Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components'
import { HatGraduation24Regular } from '@fluentui/react-icons'
import { isAdmin } from '@shared/rules'
import type { AcademyHome, AcademyInsights } from '@shared/domain/academy'
import { useAcademyHome } from '@renderer/api/academy'
import { GENERIC_ERROR_MESSAGE, isApiError } from '@renderer/api/client'
import { useUser } from '@renderer/api/user'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { CardsSkeleton, PageSkeleton } from '@renderer/components/Skeletons'
import { ArticlesSection } from './ArticlesSection'
import { MyCertificates, OrganizationCertificates } from './CertificatesSection'
import { ContinueLearning, CourseCatalogue, CourseOffer } from './CourseCatalogue'
import { OrganizationLessons } from './OrganizationLessons'
import { TeamProgressTable } from './TeamProgressTable'
import { openPlanDialog } from './academyUi'

// The charts library is large: it loads with the insights only, never with the app's first screen.
const InsightsCharts = lazy(() => import('./InsightsCharts'))

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXL, minWidth: 0 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  heading: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  offer: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalXL },
  offerTitle: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  offerText: { maxWidth: '80ch' }
})

function Section({ title, description, children, testId }: { title: string; description?: string; children: ReactNode; testId: string }) {
  const styles = useStyles()
  return (
    <section className={styles.section} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <div className={styles.heading}>
        <Text as="h2" size={500} weight="semibold" id={`${testId}-title`}>
          {title}
        </Text>
        {description ? <Text className={styles.muted}>{description}</Text> : null}
      </div>
      {children}
    </section>
  )
}

function Insights({ insights }: { insights: AcademyInsights }) {
  if (insights.postCount < insights.minimumPosts) {
    return (
      <EmptyState
        message={`Insights appear after ${insights.minimumPosts} published posts`}
        hint={`Pagecrew reads what your organization published in the last 180 days — the best days and hours, post types, lengths and topics. ${insights.postCount} of ${insights.minimumPosts} posts so far: keep publishing.`}
        data-testid="academy-insights-empty"
      />
    )
  }
  return (
    <Suspense fallback={<CardsSkeleton label="Loading insights…" cards={3} />}>
      <InsightsCharts insights={insights} />
    </Suspense>
  )
}

/** Without ACADEMY: what the Academy offers, and the way to the plans. */
function Offer({ home }: { home: AcademyHome }) {
  const styles = useStyles()
  return (
    <div className={styles.page} data-testid="academy-offer">
      <Card className={styles.offer}>
        <div className={styles.offerTitle}>
          <HatGraduation24Regular />
          <Text as="h2" size={500} weight="semibold">
            Learn to post for your company on LinkedIn
          </Text>
        </div>
        <Text className={styles.offerText}>
          Short courses on writing posts people read, a profile that earns trust and sharing company news in your own voice; insights from your organization’s own
          results; your organization’s guidelines; and a certificate for each course you pass. The Academy comes with the Professional and Enterprise plans.
        </Text>
        <Button appearance="primary" onClick={openPlanDialog} data-testid="academy-see-plans">
          See plans
        </Button>
      </Card>
      <Section title="Courses" description="Each ends with a quiz; pass it (80 %) to earn a certificate." testId="academy-courses">
        <CourseOffer courses={home.courses} />
      </Section>
    </div>
  )
}

/**
 * The Academy home (/academy/insights, issue 15): continue learning, the catalogue with the user's
 * progress, insights from the organization's own results, short articles, the user's certificates;
 * team progress for leaders and admins; organization lessons and certificates for admins. Without
 * ACADEMY it shows what it offers and the way to the plans.
 */
export default function AcademyHomePage() {
  const styles = useStyles()
  const home = useAcademyHome()
  const user = useUser()
  const admin = user.data ? isAdmin(user.data) : false

  if (home.isPending) return <PageSkeleton label="Loading the Academy…" data-testid="academy-skeleton" />
  if (home.isError) {
    const message = isApiError(home.error) && home.error.isClientError ? home.error.message : GENERIC_ERROR_MESSAGE
    return <ErrorState message={message} onRetry={() => void home.refetch()} />
  }
  const data = home.data
  if (!data.entitled) return <Offer home={data} />

  const catalogue = data.courses
  return (
    <div className={styles.page} data-testid="academy-home">
      <ContinueLearning courses={catalogue.filter((c) => c.lessons.length > 0)} />
      <Section title="Courses" description="Read at your pace; each Pagecrew course ends with a quiz and a certificate." testId="academy-courses">
        {catalogue.length > 0 ? <CourseCatalogue courses={catalogue} /> : <EmptyState message="No courses yet" />}
      </Section>
      {data.insights ? (
        <Section title="Insights from your results" description={`What works for your organization’s posts, in ${data.insights.timeZone}.`} testId="academy-insights">
          <Insights insights={data.insights} />
        </Section>
      ) : null}
      {data.articles.length > 0 ? (
        <Section title="Articles" description="Short reads for your next post." testId="academy-articles-section">
          <ArticlesSection articles={data.articles} />
        </Section>
      ) : null}
      <Section title="My certificates" testId="academy-certificates">
        <MyCertificates />
      </Section>
      {data.teamProgress.length > 0 ? (
        <Section title="Team progress" description="Lessons completed per course; Passed when the final quiz is." testId="academy-team">
          <TeamProgressTable teams={data.teamProgress} courses={catalogue} />
        </Section>
      ) : null}
      {admin ? (
        <Section title="Organization lessons" description="Your own lessons, read by everyone in your organization beside the Pagecrew courses." testId="academy-org-lessons">
          <OrganizationLessons />
        </Section>
      ) : null}
      {admin ? (
        <Section title="Certificates" description="Every certificate your members earned. Revoke one that should no longer count." testId="academy-org-certificates-section">
          <OrganizationCertificates />
        </Section>
      ) : null}
    </div>
  )
}

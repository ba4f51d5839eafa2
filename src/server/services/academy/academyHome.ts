import { hasEntitlement } from '../../../shared/rules'
import type { AcademyHome } from '../../../shared/domain/academy'
import { allInTurn } from '../../db/inTurn'
import type { OrganizationSession } from '../sessions'
import { liveCertificates, organizationCourse, progressOf, shippedCourse, summaryOf } from './courses'
import { insights } from './insights'
import { teamProgress } from './teamProgress'
import type { AcademyContext } from './types'

/*
 * GET /academy/courses: the Academy home — without ACADEMY the shipped catalogue only; with it the
 * organization's course first, progress, articles, insights and team progress (docs/architecture.md,
 * "Academy: content, quizzes and certificates").
 */

export async function academyHome(deps: Pick<AcademyContext, 'db' | 'clock' | 'entitlements' | 'content'>, session: OrganizationSession, publicBase: string): Promise<AcademyHome> {
  const { db, clock, content } = deps
  const shipped = content.courses.map(shippedCourse)
  const entitled = hasEntitlement(await deps.entitlements.list(session.organization.id), 'ACADEMY')
  if (!entitled) {
    return { entitled, courses: shipped.map((c) => summaryOf(c, [], null)), articles: [], insights: null, teamProgress: [] }
  }
  const [own, progress, live] = await allInTurn(db, [
    () => organizationCourse(db, session.organization.id),
    () => progressOf(db, session),
    () => liveCertificates(db, session, publicBase)
  ])
  const courses = own ? [own, ...shipped] : shipped
  const [insightsNow, teams] = await allInTurn(db, [() => insights(db, clock, session), () => teamProgress(db, session, courses)])
  return {
    entitled,
    courses: courses.map((c) => summaryOf(c, progress, live.get(c.slug) ?? null)),
    articles: content.articles.map((a) => ({ slug: a.slug, title: a.title, summary: a.summary, markdown: a.markdown, minutes: a.minutes })),
    insights: insightsNow,
    teamProgress: teams
  }
}

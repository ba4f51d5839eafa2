import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import type { TeamCourseProgress } from '../../../shared/domain/academy'
import type { Database } from '../../db/client'
import { allInTurn } from '../../db/inTurn'
import { academyLessonProgress, certificates, teamMembers, teams, users } from '../../db/schema'
import { isAdminSession } from '../access'
import type { OrganizationSession } from '../sessions'
import type { Course } from './courses'

/* Team progress on the Academy home: every team for admins, the teams they lead for team leaders, nothing for others (docs/architecture.md, "Academy: content, quizzes and certificates"). */

const byName = (a: { name: string; id: string }, b: { name: string; id: string }) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)

/** Members of the teams the viewer may see (admins: all; leaders: theirs) with their progress per course. */
export async function teamProgress(db: Database, session: OrganizationSession, courses: readonly Course[]): Promise<TeamCourseProgress[]> {
  const organizationId = session.organization.id
  const visible = isAdminSession(session)
    ? await db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.organizationId, organizationId))
    : await db
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
        .where(and(eq(teams.organizationId, organizationId), eq(teamMembers.userId, session.userId), eq(teamMembers.isLeader, true)))
  if (visible.length === 0) return []
  const members = await db
    .select({ teamId: teamMembers.teamId, userId: users.id, fullName: users.fullName, email: users.email })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(inArray(teamMembers.teamId, visible.map((t) => t.id)))
  const userIds = [...new Set(members.map((m) => m.userId))]
  const [completed, passed] =
    userIds.length === 0
      ? [[], []]
      : await allInTurn(db, [
          () =>
            db
              .select({ userId: academyLessonProgress.userId, courseSlug: academyLessonProgress.courseSlug, lessonSlug: academyLessonProgress.lessonSlug })
              .from(academyLessonProgress)
              .where(
                and(
                  eq(academyLessonProgress.organizationId, organizationId),
                  inArray(academyLessonProgress.userId, userIds),
                  isNotNull(academyLessonProgress.completedAt)
                )
              ),
          () =>
            db
              .select({ userId: certificates.userId, courseSlug: certificates.courseSlug })
              .from(certificates)
              .where(and(eq(certificates.organizationId, organizationId), inArray(certificates.userId, userIds), isNull(certificates.revokedAt)))
        ])
  const done = new Set(completed.map((p) => `${p.userId}|${p.courseSlug}|${p.lessonSlug}`))
  const certified = new Set(passed.map((c) => `${c.userId}|${c.courseSlug}`))
  return [...visible]
    .sort((a, b) => byName({ name: a.name, id: a.id }, { name: b.name, id: b.id }))
    .map((team) => ({
      teamId: team.id,
      teamName: team.name,
      members: members
        .filter((m) => m.teamId === team.id)
        .map((m) => ({ userId: m.userId, fullName: m.fullName.trim() || m.email }))
        .sort((a, b) => byName({ name: a.fullName, id: a.userId }, { name: b.fullName, id: b.userId }))
        .map((m) => ({
          ...m,
          courses: courses.map((c) => ({
            slug: c.slug,
            completedLessons: c.lessons.filter((l) => done.has(`${m.userId}|${c.slug}|${l.slug}`)).length,
            lessonCount: c.lessons.length,
            passed: certified.has(`${m.userId}|${c.slug}`)
          }))
        }))
    }))
}

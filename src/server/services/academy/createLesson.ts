import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { OrganizationLesson } from '../../../shared/domain/academy'
import { organizationLessons } from '../../db/schema'
import { record, sessionActor } from '../audit'
import type { OrganizationSession } from '../sessions'
import { toLesson, wordCount } from './lessons'
import type { AcademyContext, LessonInput } from './types'

/* POST /academy/lessons/create: an admin's lesson, last in the organization's course, audited (docs/architecture.md, "Academy: content, quizzes and certificates"). */

export async function createLesson(deps: Pick<AcademyContext, 'db' | 'clock' | 'entitlements'>, session: OrganizationSession, input: LessonInput): Promise<OrganizationLesson> {
  const { db, clock } = deps
  return db.transaction(async (tx) => {
    const now = clock.now()
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${organizationLessons.position}), -1)::int` })
      .from(organizationLessons)
      .where(eq(organizationLessons.organizationId, session.organization.id))
    const [row] = await tx
      .insert(organizationLessons)
      .values({
        id: randomUUID(),
        organizationId: session.organization.id,
        title: input.title,
        summary: input.summary,
        body: input.body,
        position: Number(last?.position ?? -1) + 1,
        createdBy: session.userId,
        createdAt: now,
        updatedAt: now
      })
      .returning()
    await record(tx, {
      organizationId: session.organization.id,
      at: now,
      actor: sessionActor(session),
      action: 'academy.lesson_created',
      target: { type: 'academy_lesson', id: row!.id, label: row!.title },
      after: { title: row!.title, summary: row!.summary, words: wordCount(row!.body) }
    })
    return toLesson(row!)
  })
}

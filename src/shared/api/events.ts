import { z } from 'zod'
import { feedbackKindSchema, roleSchema } from '../domain/enums'

/**
 * The event catalogue (DESIGN.md §7, docs/decisions/0002-domain-events-outbox.md): every change
 * that others must hear of, written in the same transaction as the change (the server's outbox)
 * and read by position by each consumer. A name, the zod schema of its payload and who may see it:
 * - `admins`: the organization's admins (and what acts for the organization: webhooks, chat channels);
 * - `involved`: admins and the people the payload names (author, reviewers, assignee, member).
 * Payloads hold ids and facts, never post text or secrets: a consumer reads what it shows.
 */
const id = z.uuid()
const instant = z.iso.datetime({ offset: true })

/** Who caused an event: a person, an organization's API key (never a person, issue 28), or Pagecrew itself (the publisher, an expiry). */
export const eventActorSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user'), userId: id }),
  z.object({ type: z.literal('apiKey'), keyId: id, name: z.string().min(1) }),
  z.object({ type: z.literal('system') })
])
export type EventActor = z.infer<typeof eventActorSchema>

const post = { postId: id, authorId: id }

const eventCatalogue = {
  'post.review_requested': { audience: 'involved', payload: z.object({ ...post, reviewerIds: z.array(id) }) },
  'post.feedback_added': { audience: 'involved', payload: z.object({ ...post, feedbackId: id, writerId: id, kind: feedbackKindSchema }) },
  'approval.requested': { audience: 'involved', payload: z.object({ ...post, revision: z.number().int().positive() }) },
  'post.approved': { audience: 'involved', payload: z.object({ ...post, approverId: id, revision: z.number().int().positive() }) },
  'post.rejected': { audience: 'involved', payload: z.object({ ...post, approverId: id }) },
  'post.scheduled': { audience: 'involved', payload: z.object({ ...post, publishAt: instant, slotId: id.nullable(), businessPageId: id.nullable() }) },
  'post.published': { audience: 'involved', payload: z.object({ ...post, linkedInPostUrn: z.string().min(1), slotId: id.nullable() }) },
  /** cause: LinkedIn refused it, LinkedIn's answer was lost (it may be live), or it was not approved at its time. */
  'post.failed': {
    audience: 'involved',
    payload: z.object({ ...post, reason: z.string(), cause: z.enum(['linkedIn', 'unknownOutcome', 'notApproved']).default('linkedIn') })
  },
  'slot.assigned': { audience: 'involved', payload: z.object({ slotId: id, assigneeId: id, startAt: instant, seriesId: id.nullable() }) },
  'slot.moved': { audience: 'involved', payload: z.object({ slotId: id, assigneeId: id, startAt: instant }) },
  'slot.deleted': { audience: 'involved', payload: z.object({ slotId: id, assigneeId: id }) },
  'slot.missed': { audience: 'involved', payload: z.object({ slotId: id, assigneeId: id, startAt: instant }) },
  'member.joined': { audience: 'involved', payload: z.object({ userId: id, role: roleSchema }) },
  'member.removed': { audience: 'involved', payload: z.object({ userId: id }) },
  'member.role_changed': { audience: 'involved', payload: z.object({ userId: id, from: roleSchema, to: roleSchema }) },
  'certificate.issued': { audience: 'involved', payload: z.object({ certificateId: z.string().min(1).max(100), userId: id, course: z.string().min(1) }) },
  'recommendation.created': { audience: 'admins', payload: z.object({ recommendationId: id, recipientCount: z.number().int().min(0) }) }
} as const satisfies Record<string, { audience: 'admins' | 'involved'; payload: z.ZodType }>

export type EventName = keyof typeof eventCatalogue
type EventPayload<N extends EventName> = z.infer<(typeof eventCatalogue)[N]['payload']>

/** An event as it is written: which organization, what happened, who caused it. */
export type DomainEventInput = {
  [N in EventName]: { organizationId: string; name: N; payload: EventPayload<N>; actor: EventActor }
}[EventName]

/** An event as a consumer reads it: with its position in the stream and the time it happened. */
export type DomainEvent = DomainEventInput & { position: number; occurredAt: string }

/** Checks a payload against the catalogue (the writer does, so nothing off-catalogue is ever stored). */
export function parseEventPayload<N extends EventName>(name: N, payload: unknown): EventPayload<N> {
  return eventCatalogue[name].payload.parse(payload) as EventPayload<N>
}

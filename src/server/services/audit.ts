import { sql } from 'drizzle-orm'
import type { AuditAction, AuditTargetType } from '../../shared/domain/audit'
import { withoutUnchanged, type AuditValues } from '../../shared/rules/audit'
import type { Executor } from '../db/client'
import { auditLog, users } from '../db/schema'
import type { OrganizationSession } from './sessions'

/**
 * Who made a change: a signed-in user (their name — their email when they have none — is looked
 * up in the same statement when not given, and stored, so the entry keeps it after the user is
 * removed), an organization's API key (recorded as "API key <name>", never as a person; issue 28)
 * or the system (billing webhooks, jobs).
 */
export type AuditActor = { userId: string; name?: string } | { apiKey: { id: string; name: string } } | 'system'

interface AuditRecord {
  organizationId: string
  /** The server clock's time of the change (tests move that clock). */
  at: Date
  actor: AuditActor
  action: AuditAction
  target: { type: AuditTargetType; id: string | null; label: string }
  before?: AuditValues | null
  after?: AuditValues | null
}

export const SYSTEM_NAME = 'System'

/** How an API key appears as the actor of a change (audit log, issue 28). */
export const apiKeyActorName = (keyName: string): string => `API key ${keyName}`

/** The actor of a change made through a request. */
export const sessionActor = (session: OrganizationSession): AuditActor => ({ userId: session.userId })

/**
 * THE one way to write the audit log (DESIGN.md §7): call it with the executor of the change's
 * transaction, so the entry is committed with the change and rolled back with it.
 */
export async function record(executor: Executor, entry: AuditRecord): Promise<void> {
  const actorUserId = entry.actor === 'system' || 'apiKey' in entry.actor ? null : entry.actor.userId
  const actorName =
    entry.actor === 'system'
      ? SYSTEM_NAME
      : 'apiKey' in entry.actor
        ? apiKeyActorName(entry.actor.apiKey.name)
        : (entry.actor.name ??
        sql<string>`coalesce((select coalesce(nullif(${users.fullName}, ''), ${users.email}) from ${users} where ${users.id} = ${entry.actor.userId}), '')`)
  const { before, after } = withoutUnchanged(entry.before ?? null, entry.after ?? null)
  await executor.insert(auditLog).values({
    organizationId: entry.organizationId,
    actorUserId,
    actorName,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    targetLabel: entry.target.label,
    before,
    after,
    createdAt: entry.at
  })
}

/**
 * The fields of `after` whose value differs from `before`, as a pair of small objects: what an
 * update entry keeps (null when nothing changed, so callers can skip the entry).
 */
export function changedFields<T extends AuditValues>(before: T, after: Partial<T>): { before: AuditValues; after: AuditValues } | null {
  const was: AuditValues = {}
  const now: AuditValues = {}
  for (const key of Object.keys(after)) {
    const value = after[key]
    if (value === undefined || JSON.stringify(value) === JSON.stringify(before[key])) continue
    was[key] = before[key] ?? null
    now[key] = value
  }
  return Object.keys(now).length === 0 ? null : { before: was, after: now }
}

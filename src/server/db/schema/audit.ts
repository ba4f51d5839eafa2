import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'

/**
 * The audit log (issue 17): every change an organization's admins or the system make, written by
 * services/audit.ts in the transaction of the change. No foreign keys on purpose: entries outlive
 * removed members (the actor's name is kept), and nobody edits or deletes them.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: uuid('organization_id').notNull(),
    /** null: the system (billing webhooks, jobs). */
    actorUserId: uuid('actor_user_id'),
    actorName: text('actor_name').notNull(),
    /** e.g. 'member.role_changed', 'team.created', 'post.approved'. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAt()
  },
  (t) => [
    index('audit_log_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('audit_log_org_actor_idx').on(t.organizationId, t.actorUserId, t.createdAt),
    index('audit_log_org_action_idx').on(t.organizationId, t.action, t.createdAt)
  ]
)

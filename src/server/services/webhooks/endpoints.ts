import { randomBytes, randomUUID } from 'node:crypto'
import { and, asc, count, eq } from 'drizzle-orm'
import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_MESSAGES, type WebhookEndpoint, type WebhookEvent, type WebhookKind } from '../../../shared/domain/webhooks'
import type { Executor } from '../../db/client'
import { users, webhookEndpoints } from '../../db/schema'
import { conflict, notFound } from '../../errors'
import { lockOrganization, requireUuid } from '../access'
import { apiKeyActorName, changedFields, record, type AuditActor } from '../audit'
import { WEBHOOK_SECRET_PREFIX } from './formats'
import type { WebhookContext } from './types'
import { requireWebhookUrl } from './urlCheck'

/* An organization's webhook endpoints: list, add, change, delete, reveal and rotate the secret (docs/architecture.md, "Webhooks"). */

type EndpointRow = typeof webhookEndpoints.$inferSelect

export interface CreateWebhookInput {
  /** 'standard' unless a chat channel (issue 28: services/chatChannels) makes one of its kind. */
  kind?: WebhookKind
  url: string
  description: string
  events: WebhookEvent[]
}

export interface UpdateWebhookInput {
  url?: string
  description?: string
  events?: WebhookEvent[]
  enabled?: boolean
}

export const toEndpointView = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  kind: row.kind,
  url: row.url,
  description: row.description,
  events: [...row.events],
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  createdByName: row.createdByName
})

/** A new Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`

export const secretContext = (endpointId: string) => `webhook-secret:${endpointId}`

/** `hooks.slack.com/…/a1b2`: enough to tell channels apart, not enough to post to one. */
export function urlHint(url: string): string {
  try {
    const parsed = new URL(url)
    const path = parsed.pathname.replace(/\/+$/, '')
    return `${parsed.host}/…${path.slice(-4)}`
  } catch {
    return '…'
  }
}

/** How the audit log names an endpoint's address: a chat channel's whole address is a credential (whoever holds it can post), so only its hint. */
export const auditUrl = (row: Pick<EndpointRow, 'url' | 'kind'>): string => (row.kind === 'standard' ? row.url : urlHint(row.url))

/** What the audit entries keep of an endpoint (never its secret, nor a chat channel's address). */
const auditFields = (row: Pick<EndpointRow, 'url' | 'kind' | 'description' | 'events' | 'enabled'>) => ({
  url: auditUrl(row),
  description: row.description,
  events: [...row.events].sort(),
  enabled: row.enabled
})

export async function findEndpoint(executor: Executor, organizationId: string, endpointId: string, lock = false): Promise<EndpointRow> {
  requireUuid(endpointId, WEBHOOK_MESSAGES.notFound)
  const query = executor
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.organizationId, organizationId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound)
  return row
}

export async function listEndpoints(ctx: WebhookContext, organizationId: string): Promise<WebhookEndpoint[]> {
  const rows = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
  return rows.map(toEndpointView)
}

export async function getEndpoint(ctx: WebhookContext, organizationId: string, endpointId: string): Promise<WebhookEndpoint> {
  return toEndpointView(await findEndpoint(ctx.db, organizationId, endpointId))
}

/** How the list names a person who added an endpoint (as the audit log does: their name, else their email). */
async function personName(tx: Executor, userId: string): Promise<string> {
  const [user] = await tx.select({ name: users.fullName, email: users.email }).from(users).where(eq(users.id, userId))
  return user ? user.name || user.email : ''
}

const creator = (actor: AuditActor): { createdByUserId: string | null; createdByName: string | null } =>
  actor === 'system'
    ? { createdByUserId: null, createdByName: 'System' }
    : 'apiKey' in actor
      ? { createdByUserId: null, createdByName: apiKeyActorName(actor.apiKey.name) }
      : { createdByUserId: actor.userId, createdByName: actor.name ?? null }

export async function createEndpoint(
  ctx: WebhookContext,
  organizationId: string,
  actor: AuditActor,
  input: CreateWebhookInput
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const { db, clock, cipher, config } = ctx
  const url = requireWebhookUrl(input.url, config.outboundAllowLoopback)
  const id = randomUUID()
  const secret = newWebhookSecret()
  const events = [...new Set(input.events)]
  return db.transaction(async (tx) => {
    // Counted under the organization lock: two simultaneous adds cannot both take the last place.
    await lockOrganization(tx, organizationId)
    const [existing] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, organizationId))
    if ((existing?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) throw conflict(WEBHOOK_MESSAGES.limit)
    const now = clock.now()
    const who = creator(actor)
    if (who.createdByName === null && who.createdByUserId) who.createdByName = await personName(tx, who.createdByUserId)
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        id,
        organizationId,
        kind: input.kind ?? 'standard',
        url,
        description: input.description,
        events,
        secretEncrypted: cipher.encrypt(secret, secretContext(id)),
        enabled: true,
        createdByUserId: who.createdByUserId,
        createdByName: who.createdByName ?? '',
        createdAt: now,
        updatedAt: now
      })
      .returning()
    await record(tx, {
      organizationId,
      at: now,
      actor,
      action: 'webhook.created',
      target: { type: 'webhook', id, label: auditUrl(row!) },
      after: auditFields(row!)
    })
    return { endpoint: toEndpointView(row!), secret }
  })
}

export async function updateEndpoint(
  ctx: WebhookContext,
  organizationId: string,
  actor: AuditActor,
  endpointId: string,
  input: UpdateWebhookInput
): Promise<WebhookEndpoint> {
  const { db, clock, config } = ctx
  const url = input.url === undefined ? undefined : requireWebhookUrl(input.url, config.outboundAllowLoopback)
  return db.transaction(async (tx) => {
    const existing = await findEndpoint(tx, organizationId, endpointId, true)
    const now = clock.now()
    const events = input.events === undefined ? undefined : [...new Set(input.events)]
    const enabling = input.enabled === true && !existing.enabled
    const disabling = input.enabled === false && existing.enabled
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url === undefined ? {} : { url }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(events === undefined ? {} : { events }),
        ...(enabling ? { enabled: true, disabledReason: null, disabledAt: null, failingSince: null } : {}),
        ...(disabling ? { enabled: false, disabledReason: 'manual' as const, disabledAt: now } : {}),
        updatedAt: now
      })
      .where(eq(webhookEndpoints.id, existing.id))
      .returning()
    const changed = changedFields(auditFields(existing), auditFields(row!))
    if (changed) {
      await record(tx, { organizationId, at: now, actor, action: 'webhook.updated', target: { type: 'webhook', id: existing.id, label: auditUrl(row!) }, ...changed })
    }
    return toEndpointView(row!)
  })
}

export async function removeEndpoint(ctx: WebhookContext, organizationId: string, actor: AuditActor, endpointId: string): Promise<void> {
  const { db, clock } = ctx
  await db.transaction(async (tx) => {
    const existing = await findEndpoint(tx, organizationId, endpointId, true)
    // Its deliveries and their attempts go with it (foreign keys, on delete cascade).
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, existing.id))
    await record(tx, {
      organizationId,
      at: clock.now(),
      actor,
      action: 'webhook.deleted',
      target: { type: 'webhook', id: existing.id, label: auditUrl(existing) },
      before: auditFields(existing)
    })
  })
}

/** The endpoint's signing secret, shown to an admin who asks for it. */
export async function revealSecret(ctx: WebhookContext, organizationId: string, endpointId: string): Promise<{ secret: string }> {
  const row = await findEndpoint(ctx.db, organizationId, endpointId)
  return { secret: ctx.cipher.decrypt(row.secretEncrypted, secretContext(row.id)) }
}

/** A new secret at once: the next try of every delivery is signed with it. */
export async function rotateSecret(ctx: WebhookContext, organizationId: string, actor: AuditActor, endpointId: string): Promise<{ secret: string }> {
  const { db, clock, cipher } = ctx
  const secret = newWebhookSecret()
  await db.transaction(async (tx) => {
    const existing = await findEndpoint(tx, organizationId, endpointId, true)
    const now = clock.now()
    await tx
      .update(webhookEndpoints)
      .set({ secretEncrypted: cipher.encrypt(secret, secretContext(existing.id)), updatedAt: now })
      .where(eq(webhookEndpoints.id, existing.id))
    await record(tx, { organizationId, at: now, actor, action: 'webhook.secret_rotated', target: { type: 'webhook', id: existing.id, label: auditUrl(existing) } })
  })
  return { secret }
}

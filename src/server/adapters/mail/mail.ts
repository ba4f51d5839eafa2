import { randomUUID } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import type { OutboxEmail } from '../../../shared/domain'
import type { Clock } from '../../clock'
import type { Database, Executor } from '../../db/client'
import { afterRequestCommit } from '../../db/requestTransaction'
import { outbox } from '../../db/schema'

/**
 * Mail: every message is recorded in the `outbox` table (the built-in adapter: admins read it
 * through GET /members/outbox and can copy a join link from it), as part of the transaction that
 * caused it; after that commits, a transport (SMTP when PAGECREW_SMTP_URL is set) delivers it.
 */
export interface MailMessage {
  to: string
  subject: string
  text: string
  /** The organization the message is about (outbox scoping); null for none. */
  organizationId: string | null
  /** The join link of an invitation. */
  joinUrl?: string | null
}

/** Delivers a message outside the database. */
export interface MailTransport {
  readonly kind: string
  send(message: MailMessage): Promise<void>
}

export interface Mailer {
  /** Records the message in the outbox; pass the transaction that causes it. */
  record(message: MailMessage, executor?: Executor): Promise<void>
  /** Delivers a recorded message through the transport, if any. Never throws: failures are logged (the outbox keeps the message). */
  deliver(message: MailMessage): Promise<void>
  /** The organization's messages, newest first (at most 200). */
  list(organizationId: string): Promise<OutboxEmail[]>
}

const OUTBOX_LIST_LIMIT = 200

export function createMailer(deps: {
  db: Database
  clock: Clock
  transport: MailTransport | null
  log?: (message: string) => void
}): Mailer {
  const { db, clock, transport } = deps
  const log = deps.log ?? ((message: string) => console.error(message))
  return {
    async record(message, executor = db) {
      await executor.insert(outbox).values({
        id: randomUUID(),
        organizationId: message.organizationId,
        to: message.to,
        subject: message.subject,
        text: message.text,
        joinUrl: message.joinUrl ?? null,
        createdAt: clock.now()
      })
    },
    async deliver(message) {
      if (!transport) return
      // Inside an idempotent request's transaction (the invitation's) it goes once that commits.
      await afterRequestCommit(async () => {
        try {
          await transport.send(message)
        } catch (err) {
          log(`Mail to ${message.to} could not be sent through ${transport.kind}: ${err instanceof Error ? err.message : String(err)}`)
        }
      })
    },
    async list(organizationId) {
      const rows = await db
        .select()
        .from(outbox)
        .where(eq(outbox.organizationId, organizationId))
        .orderBy(desc(outbox.seq))
        .limit(OUTBOX_LIST_LIMIT)
      return rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, joinUrl: r.joinUrl, createdAt: r.createdAt.toISOString() }))
    }
  }
}

import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { RunningTestServer } from '../../../src/server/testing/harness'

/** Rows per insert: PostgreSQL takes at most 65,535 parameters in one statement. */
export const CHUNK = 1000

/**
 * Adds `count` ACTIVE members to an organization straight in the database, with seats for all of
 * them (or the blocking seat-overflow dialog would cover every screen); returns their user ids.
 */
export async function seedMembers(server: RunningTestServer, organizationId: string, count: number, prefix = 'member'): Promise<string[]> {
  const { users, memberships, subscriptions } = await import('../../../src/server/db/schema')
  const now = new Date()
  const people = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    email: `${prefix}${String(i).padStart(4, '0')}@bench.example`,
    fullName: `${prefix[0]!.toUpperCase()}${prefix.slice(1)} ${String(i).padStart(4, '0')}`,
    timezone: 'UTC',
    createdAt: now,
    updatedAt: now
  }))
  for (let i = 0; i < people.length; i += CHUNK) await server.db.insert(users).values(people.slice(i, i + CHUNK))
  const rows = people.map((p) => ({ id: randomUUID(), organizationId, userId: p.id, role: 'MEMBER' as const, status: 'ACTIVE' as const, createdAt: now, updatedAt: now }))
  for (let i = 0; i < rows.length; i += CHUNK) await server.db.insert(memberships).values(rows.slice(i, i + CHUNK))
  const everyone = await server.db.select({ id: memberships.id }).from(memberships).where(eq(memberships.organizationId, organizationId))
  await server.db
    .update(subscriptions)
    .set({ availableSeats: sql`greatest(${subscriptions.availableSeats}, ${everyone.length})`, updatedAt: now })
    .where(eq(subscriptions.organizationId, organizationId))
  return people.map((p) => p.id)
}


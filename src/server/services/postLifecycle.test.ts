import { randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PostStatus } from '../../shared/domain/enums'
import { POST_EVENT_NAMES, POST_STATES, postEventRule, postTransition, type PostEvent } from '../../shared/rules/postLifecycle'
import { organizations, posts, users } from '../db/schema'
import { ApiError } from '../errors'
import { describeEachDatabase } from '../testing/suite'
import { applyPostTransition, applyPostTransitionToMany, type PostPatch } from './postLifecycle'
import { newPostValues } from './posts'

/**
 * The lifecycle table walked through its one server function on the database: for every state ×
 * event, a post put in that state, the event applied — moved as the table says (version bumped
 * only when it says so) or refused with its 409 and left exactly as it was.
 */
const NOW = new Date('2026-03-10T09:00:00Z')
const LATER = new Date('2026-03-10T10:00:00Z')

/** What the callers write with each event's approval effect. */
function patchFor(event: PostEvent): PostPatch {
  switch (postEventRule(event).approval) {
    case 'PENDING':
      return { approvalStatus: 'PENDING', approvalDecidedBy: null }
    case 'APPROVED':
      return { approvalStatus: 'APPROVED', approvedRevision: 1 }
    case 'REJECTED':
      return { approvalStatus: 'REJECTED', approvalReason: 'Not on brand' }
    default:
      return {}
  }
}

const byOf = (event: PostEvent) => postEventRule(event).by[0]!

describeEachDatabase('the post lifecycle on the database', (t) => {
  const organizationId = randomUUID()
  const authorUserId = randomUUID()

  beforeAll(async () => {
    const { db } = t()
    await db.insert(organizations).values({ id: organizationId, organizationWorkOSId: `org_${randomUUID().replaceAll('-', '')}`, name: 'Acme', createdAt: NOW, updatedAt: NOW })
    await db.insert(users).values({ id: authorUserId, email: `${authorUserId}@example.com`, fullName: 'Ann', passwordHash: 'x', createdAt: NOW, updatedAt: NOW })
  })

  /** A post in `status` whose last attempt failed (so retry's guard holds), at version 1. */
  async function postIn(status: PostStatus) {
    const values = { ...newPostValues({ organizationId, authorUserId, text: `A post in ${status}` }, NOW), status, failureReason: 'LinkedIn said no' }
    const [row] = await t().db.insert(posts).values(values).returning()
    return row!
  }
  const read = async (id: string) => (await t().db.select().from(posts).where(eq(posts.id, id)))[0]

  it.each(POST_EVENT_NAMES)('%s: every state moves as the table says or is refused, unchanged', async (event) => {
    const { db } = t()
    for (const from of POST_STATES) {
      const post = await postIn(from)
      const expected = postTransition(from, event, { failed: true })
      const apply = (version = 1) =>
        applyPostTransition(db, { postId: post.id, event, by: byOf(event), expected: { status: from, version, failed: true }, patch: patchFor(event), now: LATER })
      if (!expected.allowed) {
        const refusal = await apply().catch((e: unknown) => e)
        expect(refusal, `${event} from ${from}`).toBeInstanceOf(ApiError)
        expect({ status: (refusal as ApiError).statusCode, message: (refusal as ApiError).message }).toEqual({ status: 409, message: expected.message })
        expect(await read(post.id), `${event} from ${from}`).toEqual(post)
        continue
      }
      // Made from a version that is not the post's: the compare-and-set loses, nothing changes.
      expect(await apply(2), `${event} from ${from}, stale`).toBeNull()
      expect(await read(post.id)).toEqual(post)

      const row = await apply()
      if (expected.to === null) {
        expect(row?.id, `${event} from ${from}`).toBe(post.id)
        expect(await read(post.id)).toBeUndefined()
        continue
      }
      const wrote = expected.statusChanges || expected.bumpsVersion || Object.keys(patchFor(event)).length > 0
      expect({ status: row?.status, version: row?.version, updatedAt: row?.updatedAt }, `${event} from ${from}`).toEqual({
        status: expected.to,
        version: expected.bumpsVersion ? 2 : 1,
        updatedAt: wrote ? LATER : NOW
      })
      expect(await read(post.id)).toEqual(row)
    }
  })

  it('retry needs a failed post: without a failure reason it is refused, and the compare-and-set checks it too', async () => {
    const { db } = t()
    const post = await postIn('DRAFT')
    await db.update(posts).set({ failureReason: null }).where(eq(posts.id, post.id))
    const retry = (failed: boolean) =>
      applyPostTransition(db, { postId: post.id, event: 'retry', by: 'author', expected: { status: 'DRAFT', version: 1, failed }, now: LATER })
    await expect(retry(false)).rejects.toMatchObject({ statusCode: 409 })
    // The caller claiming it failed does not make it so: the row says it did not.
    expect(await retry(true)).toBeNull()
    expect((await read(post.id))?.status).toBe('DRAFT')
  })

  it('refuses an actor the table does not name and an approval the event does not make', async () => {
    const { db } = t()
    const post = await postIn('DRAFT')
    const base = { postId: post.id, expected: { status: 'DRAFT' as const, version: 1 }, now: LATER }
    await expect(applyPostTransition(db, { ...base, event: 'approve', by: 'author', patch: patchFor('approve') })).rejects.toThrow('not caused by author')
    await expect(applyPostTransition(db, { ...base, event: 'schedule', by: 'author', patch: { approvalStatus: 'APPROVED' } })).rejects.toThrow('may not set approval')
    await expect(applyPostTransition(db, { ...base, event: 'requestApproval', by: 'author', patch: { approvalStatus: 'APPROVED' } })).rejects.toThrow('may not set approval')
    expect(await read(post.id)).toEqual(post)
  })

  it.each(POST_EVENT_NAMES.filter((e) => !postEventRule(e).guard))('%s on many posts: only the states it changes are written', async (event) => {
    const { db } = t()
    const rows = await Promise.all(POST_STATES.map((s) => postIn(s)))
    const ids = rows.map((r) => r.id)
    const changed = await applyPostTransitionToMany(db, { event, by: byOf(event), where: inArray(posts.id, ids), now: LATER })
    const after = new Map((await db.select().from(posts).where(inArray(posts.id, ids))).map((r) => [r.id, r]))
    for (const before of rows) {
      const t = postTransition(before.status, event, { failed: true })
      const moves = t.allowed && t.to !== null && (t.statusChanges || t.bumpsVersion)
      const now = after.get(before.id)
      if (!moves) {
        expect(now, `${event} from ${before.status}`).toEqual(before)
        expect(changed.map((r) => r.id)).not.toContain(before.id)
        continue
      }
      expect({ status: now?.status, version: now?.version }, `${event} from ${before.status}`).toEqual({ status: t.to, version: t.bumpsVersion ? 2 : 1 })
      expect(changed.find((r) => r.id === before.id)).toEqual(now)
    }
  })
})

/**
 * Nothing but postLifecycle.ts writes a post's status (DESIGN §7). The sources of src/server are
 * scanned for the ways one could: Drizzle's update of the posts table (under any name it is
 * imported as) whose set names `status` or spreads an object that could hold it, an insert's
 * onConflictDoUpdate doing the same, and raw SQL `update posts … set … status =`. Tests are left
 * out (they put posts in states to test them); src/server/testing's helpers are not.
 */
const SERVER = join(dirname(fileURLToPath(import.meta.url)), '..')
const THE_WRITER = join(SERVER, 'services', 'postLifecycle.ts')

/** The text of the call starting at `open` (an opening parenthesis), up to its closing one. */
function callText(text: string, open: number): string {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++
    else if (text[i] === ')' && --depth === 0) return text.slice(open, i + 1)
  }
  return text.slice(open)
}

const STATUS_KEY = /(^|[{,\s])(status|["']status["'])\s*(:|,|\}|$)/m
const SPREAD = /\.\.\./

/** Where `source` writes a post's status: a line and what was found, for each. */
function postStatusWrites(source: string): Array<{ line: number; found: string }> {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`])\/\/[^\n]*/g, (c, p: string) => p + ' '.repeat(c.length - p.length))
  const names = new Set(['posts'])
  for (const m of text.matchAll(/\bposts\s+as\s+(\w+)/g)) names.add(m[1]!)
  const table = `(?:\\w+\\.)?(?:${[...names].join('|')})`
  const found: Array<{ line: number; found: string }> = []
  const lineOf = (index: number) => text.slice(0, index).split('\n').length
  // Drizzle: .update(posts) … .set({...}) and .insert(posts) … .onConflictDoUpdate({ set: {...} }).
  for (const m of text.matchAll(new RegExp(`\\.(update|insert)\\(\\s*${table}\\s*\\)`, 'g'))) {
    const rest = text.slice(m.index + m[0].length)
    const end = rest.search(/\n\s*\n|;\s*\n|\bawait\b|\breturn\b(?!ing)/)
    const chain = end < 0 ? rest : rest.slice(0, end)
    for (const call of chain.matchAll(/\.(set|onConflictDoUpdate)\(/g)) {
      const args = callText(chain, call.index + call[0].length - 1)
      if (STATUS_KEY.test(args) || /\bstatus\b/.test(args.replace(/\bposts\.\w+/g, '')) || SPREAD.test(args)) {
        found.push({ line: lineOf(m.index), found: `${m[0]}…${call[0]}${args.slice(0, 60).replace(/\s+/g, ' ')}` })
      }
    }
  }
  // Raw SQL: update posts / "posts" / ${posts} … set … status =
  const rawTable = `(?:"?posts"?|\\$\\{\\s*${table}\\s*\\})`
  const raw = new RegExp(`\\bupdate\\s+${rawTable}\\s+(?:as\\s+\\w+\\s+)?set\\b([\\s\\S]*?)(?:\\bwhere\\b|\\breturning\\b|\`|;|$)`, 'gi')
  for (const m of text.matchAll(raw)) {
    if (/(^|[\s,.])("?status"?|\$\{\s*(?:\w+\.)?\w+\.status\s*\})\s*=/i.test(m[1]!)) found.push({ line: lineOf(m.index), found: m[0].slice(0, 80).replace(/\s+/g, ' ') })
  }
  return found
}

async function sourcesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((e) => {
      const path = join(folder, e.name)
      if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourcesUnder(path)
      return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [path] : []
    })
  )
  return nested.flat()
}

describe('the one writer of a post’s status', () => {
  it('finds every way of writing it in a sample', () => {
    const offenders = [
      "await tx.update(posts).set({ status: 'DRAFT' }).where(eq(posts.id, id))",
      "await db\n  .update(posts)\n  .set({\n    text,\n    status: next,\n    updatedAt: now\n  })\n  .where(eq(posts.id, id))",
      'await tx.update(posts).set({ text, status }).where(eq(posts.id, id))',
      "await tx.update(posts).set({ ...changes, updatedAt: now }).where(eq(posts.id, id))",
      "await tx.update(schema.posts).set({ 'status': 'DRAFT' })",
      "import { posts as p } from '../db/schema'\nawait tx.update(p).set({ status: 'DRAFT' })",
      "await tx.insert(posts).values(v).onConflictDoUpdate({ target: posts.id, set: { status: 'DRAFT' } })",
      "await tx.execute(sql`update posts set text = 'x', status = 'DRAFT' where id = ${id}`)",
      'await tx.execute(sql`UPDATE "posts" SET "status" = \'PUBLISHED\' WHERE id = ${id}`)',
      "await tx.execute(sql`update ${posts} set ${posts.status} = 'DRAFT'`)",
      "await tx.execute(sql`with a as (select 1) update ${posts} set linked_in_post_urn = ${urn},\n  status = 'PUBLISHED' where id = ${id}`)"
    ]
    for (const sample of offenders) expect(postStatusWrites(sample), sample).toHaveLength(1)
    const innocent = [
      "await tx.update(posts).set({ text, updatedAt: now }).where(and(eq(posts.id, id), eq(posts.status, 'DRAFT')))",
      "await tx.update(reviewFeedback).set({ status: 'RESOLVED' }).where(eq(reviewFeedback.postId, posts.id))",
      "await tx.select().from(posts).where(eq(posts.status, 'SCHEDULED'))",
      "await tx.execute(sql`update publish_attempts set outcome = 'unknown' where post_id in (select id from posts where status = 'PENDING_PUBLISH')`)",
      "// await tx.update(posts).set({ status: 'DRAFT' })",
      "/* update posts set status = 'DRAFT' */"
    ]
    for (const sample of innocent) expect(postStatusWrites(sample), sample).toEqual([])
  })

  it('nothing in src/server but services/postLifecycle.ts writes posts.status', async () => {
    const files = (await sourcesUnder(SERVER)).filter((f) => f !== THE_WRITER)
    expect(files.length).toBeGreaterThan(50)
    const writers: string[] = []
    for (const file of files) {
      for (const w of postStatusWrites(await readFile(file, 'utf8'))) writers.push(`${relative(SERVER, file)}:${w.line} ${w.found}`)
    }
    expect(writers, 'write a post’s status through applyPostTransition (services/postLifecycle.ts)').toEqual([])
    // The writer itself is seen by the scan (the scan would catch it elsewhere).
    expect(postStatusWrites(await readFile(THE_WRITER, 'utf8')).length).toBeGreaterThan(0)
  })
})

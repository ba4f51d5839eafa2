import { randomUUID } from 'node:crypto'
import { and, eq, getTableName, inArray, is, sql, type SQL } from 'drizzle-orm'
import { getTableConfig, PgTable, type AnyPgColumn } from 'drizzle-orm/pg-core'
import type { EventActor } from '../../../shared/api/events'
import { FORMER_MEMBER_NAME, type ErasedMemberContent } from '../../../shared/domain/privacy'
import type { Executor } from '../../db/client'
import { rowsOf } from '../../db/migrate'
import * as schema from '../../db/schema'
import {
  auditLog,
  idempotencyKeys,
  media,
  memberships,
  notifications,
  organizations,
  outbox,
  personalDataExports,
  posts,
  postVersions,
  recommendations,
  reviewFeedback,
  ssoAuthorizations,
  users,
  webhookEndpoints
} from '../../db/schema'
import { lockOrganization } from '../access'
import { record, type AuditActor } from '../audit'
import { removeMemberships } from '../members/removal'
import { PERSONAL_DATA } from './personalData'

/*
 * Erasing an account (issue 28, GDPR article 17), in one transaction, table by table as
 * ./personalData.ts declares. What it leaves: the organizations' kept posts and comments under a new
 * "Former member" user (no email, password or membership: a pseudonym nobody can sign in as), and
 * in each organization one tombstone audit entry. The caller has checked who may erase whom.
 */

export interface Erasure {
  userId: string
  /** An admin erasing a member, or the person themselves. */
  by: { type: 'admin'; userId: string; organizationId: string } | { type: 'self' }
  at: Date
}

/** What the caller removes once the transaction has committed: files are not transactional. */
export interface ErasedFiles {
  photoFiles: string[]
  mediaKeys: string[]
  exportKeys: string[]
}

interface Person {
  id: string
  email: string
  fullName: string
  photoFile: string | null
}

/**
 * The organizations whose rows hold the person's posts, comments, media or membership, with each
 * one's setting: content left from a membership that ended earlier follows that organization's
 * setting too.
 */
async function organizationsOf(tx: Executor, userId: string): Promise<{ id: string; name: string; erasedMemberContent: ErasedMemberContent }[]> {
  const rows = rowsOf<{ id: string; name: string; erased_member_content: ErasedMemberContent }>(
    await tx.execute(sql`
      select o.id, o.name, o.erased_member_content from ${organizations} o
      where o.id in (
        select organization_id from memberships where user_id = ${userId}
        union select organization_id from posts where author_user_id = ${userId}
        union select organization_id from review_feedback where author_user_id = ${userId}
        union select organization_id from media where uploader_user_id = ${userId}
      )
      order by o.id`)
  )
  return rows.map((r) => ({ id: r.id, name: r.name, erasedMemberContent: r.erased_member_content }))
}

/** Their posts, comments and media in one organization: moved to the Former member, or deleted (with the media's files, returned). */
async function settleContent(tx: Executor, person: Person, formerId: string, organizationId: string, setting: ErasedMemberContent): Promise<string[]> {
  const theirPosts = and(eq(posts.organizationId, organizationId), eq(posts.authorUserId, person.id))!
  if (setting === 'keep') {
    await tx
      .update(recommendations)
      .set({ previewAuthor: FORMER_MEMBER_NAME })
      .where(inArray(recommendations.postId, tx.select({ id: posts.id }).from(posts).where(theirPosts)))
    // Kept content is pseudonymised: their name in what they wrote reads "Former member" too.
    const name = person.fullName
    const renamed = (column: AnyPgColumn) => (name.trim() === '' ? sql`${column}` : sql<string>`replace(${column}, ${name}, ${FORMER_MEMBER_NAME})`)
    await tx
      .update(postVersions)
      .set({ text: renamed(postVersions.text) })
      .where(inArray(postVersions.postId, tx.select({ id: posts.id }).from(posts).where(theirPosts)))
    await tx.update(posts).set({ authorUserId: formerId, text: renamed(posts.text) }).where(theirPosts)
    await tx
      .update(reviewFeedback)
      .set({ authorUserId: formerId, text: renamed(reviewFeedback.text) })
      .where(and(eq(reviewFeedback.organizationId, organizationId), eq(reviewFeedback.authorUserId, person.id)))
    await tx
      .update(media)
      .set({ uploaderUserId: formerId })
      .where(and(eq(media.organizationId, organizationId), eq(media.uploaderUserId, person.id)))
    return []
  }
  // A recommendation of their post previews its text: it goes with the post.
  await tx.delete(recommendations).where(inArray(recommendations.postId, tx.select({ id: posts.id }).from(posts).where(theirPosts)))
  await tx.delete(posts).where(theirPosts)
  // The replies under a removed comment go with it (parent_id cascades): a thread without its opening comment reads as nothing.
  await tx.delete(reviewFeedback).where(and(eq(reviewFeedback.organizationId, organizationId), eq(reviewFeedback.authorUserId, person.id)))
  const removed = await tx
    .delete(media)
    .where(and(eq(media.organizationId, organizationId), eq(media.uploaderUserId, person.id)))
    .returning({ storageKey: media.storageKey, thumbnailKey: media.thumbnailKey })
  return removed.flatMap((m) => [m.storageKey, ...(m.thumbnailKey ? [m.thumbnailKey] : [])])
}

/** Escapes `text` as it stands inside a JSON string, so a replacement in JSON text keeps the JSON valid. */
const inJson = (text: string) => JSON.stringify(text).slice(1, -1)

/** A column the last step rewrites: its name and SQL type (from the Drizzle schema). */
interface RewrittenColumn {
  name: string
  sqlType: string
}

let rewritten: { table: string; columns: RewrittenColumn[] }[] | null = null

/**
 * The columns the last step rewrites, per table: every column PERSONAL_DATA names (person and
 * identifying columns) but those with a foreign key to users, which the key's ON DELETE settles when
 * the user row goes. Read once from the Drizzle schema: no catalog query per erasure.
 */
function rewrittenColumns(): { table: string; columns: RewrittenColumn[] }[] {
  if (rewritten) return rewritten
  const tables = new Map<string, PgTable>()
  for (const value of Object.values(schema)) if (is(value, PgTable)) tables.set(getTableName(value), value)
  rewritten = PERSONAL_DATA.filter((declared) => declared.table !== 'users').flatMap((declared) => {
    const table = tables.get(declared.table)
    if (!table) throw new Error(`PERSONAL_DATA names a table the schema does not have: ${declared.table}`)
    const config = getTableConfig(table)
    const toUsers = new Set(
      config.foreignKeys.flatMap((key) => {
        const reference = key.reference()
        return getTableName(reference.foreignTable) === 'users' ? reference.columns.map((c) => c.name) : []
      })
    )
    const columns = [...declared.personColumns, ...(declared.identifyingColumns ?? [])]
      .filter((name) => !toUsers.has(name))
      .map((name) => {
        const column = config.columns.find((c) => c.name === name)
        if (!column) throw new Error(`PERSONAL_DATA names a column the schema does not have: ${declared.table}.${name}`)
        return { name, sqlType: column.getSQLType() }
      })
    return columns.length > 0 ? [{ table: declared.table, columns }] : []
  })
  return rewritten
}

/**
 * The last step: every column the personal data declaration names that still holds the person's id
 * or email gets the Former member's id, or the words "Former member", instead — one UPDATE per
 * table. Bounded by the declaration (not every column of every table: that scanned each table once
 * per column and grew with the database, docs/performance.md); the declaration's own test and the
 * erasure test (no row of any table names them afterwards) keep it complete.
 */
async function replaceInDeclaredColumns(tx: Executor, person: Person, formerId: string): Promise<void> {
  for (const { table, columns } of rewrittenColumns()) {
    const sets: SQL[] = []
    const matches: SQL[] = []
    for (const { name, sqlType } of columns) {
      const col = sql.identifier(name)
      if (sqlType === 'uuid') {
        const match = sql`${col} = ${person.id}`
        sets.push(sql`${col} = case when ${match} then ${formerId}::uuid else ${col} end`)
        matches.push(match)
        continue
      }
      const json = sqlType === 'jsonb' || sqlType === 'json' || sqlType.endsWith('[]')
      if (!/^[a-z ]+(\[\])?$/.test(sqlType)) throw new Error(`Unexpected column type ${sqlType} of ${table}.${name}`)
      const cast = json ? sql.raw(`::${sqlType}`) : sql``
      const email = json ? inJson(person.email) : person.email
      const former = json ? inJson(FORMER_MEMBER_NAME) : FORMER_MEMBER_NAME
      const match = sql`(strpos(${col}::text, ${person.id}) > 0 or strpos(${col}::text, ${email}) > 0)`
      sets.push(sql`${col} = case when ${match} then (replace(replace(${col}::text, ${person.id}, ${formerId}), ${email}, ${former}))${cast} else ${col} end`)
      matches.push(match)
    }
    await tx.execute(sql`update ${sql.identifier(table)} set ${sql.join(sets, sql`, `)} where ${sql.join(matches, sql` or `)}`)
  }
}

/** Their name where a row is linked to them by id: system-written texts about them (notifications, emails), @mentions. */
async function replaceName(tx: Executor, person: Person, organizationIds: readonly string[]): Promise<void> {
  if (person.fullName.trim() === '' || organizationIds.length === 0) return
  const name = person.fullName
  const inOrgs = (column: Parameters<typeof inArray>[0]) => inArray(column, [...organizationIds])
  // @mentions of them in others' feedback (mentions still holds their id at this point).
  await tx
    .update(reviewFeedback)
    .set({ text: sql`replace(${reviewFeedback.text}, ${'@' + name}, ${'@' + FORMER_MEMBER_NAME})` })
    .where(and(inOrgs(reviewFeedback.organizationId), sql`${reviewFeedback.mentions} @> ${JSON.stringify([person.id])}::jsonb`))
  // Texts the system wrote about them to others in their organizations: notifications, emails.
  await tx
    .update(notifications)
    .set({
      title: sql`replace(${notifications.title}, ${name}, ${FORMER_MEMBER_NAME})`,
      message: sql`replace(${notifications.message}, ${name}, ${FORMER_MEMBER_NAME})`
    })
    .where(and(inOrgs(notifications.organizationId), sql`(strpos(${notifications.title}, ${name}) > 0 or strpos(${notifications.message}, ${name}) > 0)`))
  await tx
    .update(outbox)
    .set({
      subject: sql`replace(${outbox.subject}, ${name}, ${FORMER_MEMBER_NAME})`,
      text: sql`replace(${outbox.text}, ${name}, ${FORMER_MEMBER_NAME})`
    })
    .where(and(inOrgs(outbox.organizationId), sql`(strpos(${outbox.subject}, ${name}) > 0 or strpos(${outbox.text}, ${name}) > 0)`))
  // The webhook endpoints they added keep a copy of the adder's name.
  await tx.update(webhookEndpoints).set({ createdByName: FORMER_MEMBER_NAME }).where(eq(webhookEndpoints.createdByUserId, person.id))
  // The audit log's copies of their name: entries by them or about them.
  await tx.update(auditLog).set({ actorName: FORMER_MEMBER_NAME }).where(eq(auditLog.actorUserId, person.id))
  await tx.update(auditLog).set({ targetLabel: FORMER_MEMBER_NAME }).where(eq(auditLog.targetId, person.id))
  await tx.execute(sql`
    update ${auditLog} set
      before = replace(before::text, ${inJson(name)}, ${FORMER_MEMBER_NAME})::jsonb,
      after = replace(after::text, ${inJson(name)}, ${FORMER_MEMBER_NAME})::jsonb
    where (actor_user_id = ${person.id} or target_id = ${person.id})`)
}

/**
 * Erases the account: see the module comment and docs/architecture.md, "Personal data: export and
 * erasure". `tx` is the caller's transaction; the organizations are locked here (in id order).
 */
export async function eraseAccount(tx: Executor, erasure: Erasure): Promise<ErasedFiles> {
  const [person] = await tx
    .select({ id: users.id, email: users.email, fullName: users.fullName, photoFile: users.photoFile })
    .from(users)
    .where(eq(users.id, erasure.userId))
  if (!person) return { photoFiles: [], mediaKeys: [], exportKeys: [] }
  const orgs = await organizationsOf(tx, person.id)
  for (const org of orgs) await lockOrganization(tx, org.id)
  const at = erasure.at

  const formerId = randomUUID()
  await tx.insert(users).values({ id: formerId, email: `former-member-${formerId}@erased.invalid`, fullName: FORMER_MEMBER_NAME, createdAt: at, updatedAt: at })
  const actor: EventActor = erasure.by.type === 'admin' ? { type: 'user', userId: erasure.by.userId } : { type: 'user', userId: formerId }

  // removeMemberships deletes a password-less user who belongs nowhere (and, by cascade, their
  // posts) — not yet: their content is settled first, then the row goes below.
  await tx.update(users).set({ passwordHash: '!erasing' }).where(eq(users.id, person.id))
  const memberOf = new Set((await tx.select({ organizationId: memberships.organizationId }).from(memberships).where(eq(memberships.userId, person.id))).map((m) => m.organizationId))
  const mediaKeys: string[] = []
  for (const org of orgs) {
    // As DELETE /members/delete: future slots go, posts waiting to publish return to drafts, member.removed.
    if (memberOf.has(org.id)) await removeMemberships(tx, org.id, [person.id], at, actor)
    mediaKeys.push(...(await settleContent(tx, person, formerId, org.id, org.erasedMemberContent)))
  }

  const organizationIds = orgs.map((o) => o.id)
  await replaceName(tx, person, organizationIds)
  // Emails to them, their sign-ins under way and kept answers mentioning them go; the rest names the Former member.
  await tx.delete(outbox).where(eq(outbox.to, person.email))
  await tx.delete(ssoAuthorizations).where(eq(ssoAuthorizations.email, person.email))
  await tx
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.userId} = ${person.id} or strpos(${idempotencyKeys.body}, ${person.id}) > 0 or strpos(${idempotencyKeys.body}, ${inJson(person.email)}) > 0 or (${person.fullName} <> '' and strpos(${idempotencyKeys.body}, ${inJson(person.fullName)}) > 0)`)
  const exports = await tx.delete(personalDataExports).where(eq(personalDataExports.subjectUserId, person.id)).returning({ fileKey: personalDataExports.fileKey })
  await replaceInDeclaredColumns(tx, person, formerId)
  // The row itself: sessions, LinkedIn connections (their tokens), certificates, SSI, notifications,
  // slots and the rest of their own rows go by ON DELETE CASCADE; what others keep loses them by SET NULL.
  await tx.delete(users).where(eq(users.id, person.id))

  const auditActor: AuditActor = erasure.by.type === 'admin' ? { userId: erasure.by.userId } : { userId: formerId, name: FORMER_MEMBER_NAME }
  for (const org of orgs) {
    await record(tx, {
      organizationId: org.id,
      at,
      actor: auditActor,
      action: 'privacy.account_erased',
      target: { type: 'member', id: formerId, label: FORMER_MEMBER_NAME },
      after: { content: org.erasedMemberContent, by: erasure.by.type }
    })
  }
  return { photoFiles: person.photoFile ? [person.photoFile] : [], mediaKeys, exportKeys: exports.flatMap((e) => (e.fileKey ? [e.fileKey] : [])) }
}

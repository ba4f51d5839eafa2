import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { strFromU8, unzipSync } from 'fflate'
import { beforeAll, expect, it } from 'vitest'
import type { Post } from '../../shared/domain'
import { FORMER_MEMBER_NAME, PRIVACY_MESSAGES, type PersonalDataExport } from '../../shared/domain/privacy'
import { createLocalStorage } from '../adapters/storage/local'
import { rowsOf } from '../db/migrate'
import {
  academyLessonProgress,
  academyQuizAttempts,
  aiGenerations,
  auditLog,
  certificates,
  jobs,
  linkedInConnections,
  organizations,
  posts,
  ssiRecords,
  webhookDeliveries,
  webhookEndpoints
} from '../db/schema'
import { createJobRunner } from '../jobs/runner'
import { createNotificationService } from '../services/notifications'
import { personalDataExportJob } from '../services/privacy/exports'
import { readTable, tablesFor } from '../services/privacy/exportArchive'
import { EXPORTED_TABLES } from '../services/privacy/personalData'
import { PASSWORD, postFixtures, type TestPerson } from '../testing/postFixtures'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

/*
 * Each person's data, out and erased (issue 28): the export of a member holds every covered table's
 * rows about them and nothing about anyone else (a second member's data is seeded everywhere as a
 * decoy); after erasure no row of any table names them but the tombstone, which names nobody.
 */

interface Seeded extends TestPerson {
  name: string
  email: string
  post: Post
}

describeEachDatabase('personal data: export and erasure', (t) => {
  const { newOrg, addMember, create } = postFixtures(t)
  let admin: TestPerson
  let target: Seeded
  let decoy: Seeded

  /** The export job of this test's server, run by hand (tests leave the runner off). */
  function runExportJob() {
    const db = t().db
    const clock = t().clock
    const job = personalDataExportJob(
      {
        db,
        clock,
        storage: createLocalStorage(join(t().dataDir, 'uploads', 'exports')),
        queue: createJobRunner({ db, clock }),
        notifications: createNotificationService(db, clock),
        kick: () => undefined
      },
      60_000
    )
    return (async () => {
      while (await job.run()) {
        /* one export per run */
      }
    })()
  }

  async function email(person: TestPerson): Promise<string> {
    return (await person.client.get<{ email: string }>('/user')).body.email
  }

  /** What every table of the schema gets for a person, beside what the API writes. */
  async function seedDirect(person: Seeded) {
    const db = t().db
    const now = t().clock.now()
    await db.insert(ssiRecords).values({ id: randomUUID(), userId: person.userId, score: 55, brand: 10, people: 15, insights: 15, relationships: 15, recordedAt: now })
    await db.insert(certificates).values({
      certificateId: randomUUID().replace(/-/g, ''),
      userId: person.userId,
      organizationId: person.organizationId,
      courseSlug: 'basics',
      courseTitle: 'LinkedIn basics',
      holderName: person.name,
      organizationName: 'Acme',
      issuedAt: now
    })
    await db.insert(academyLessonProgress).values({ userId: person.userId, organizationId: person.organizationId, courseSlug: 'basics', lessonSlug: 'one', visitedAt: now })
    await db
      .insert(academyQuizAttempts)
      .values({ id: randomUUID(), userId: person.userId, organizationId: person.organizationId, courseSlug: 'basics', correct: 3, total: 4, passed: true, answers: { q1: ['a'] }, submittedAt: now })
    await db.insert(aiGenerations).values({ id: randomUUID(), organizationId: person.organizationId, userId: person.userId, kind: 'draft', provider: 'offline', createdAt: now })
    await db.insert(linkedInConnections).values({
      userId: person.userId,
      provider: 'sandbox',
      linkedInMemberId: `li-${person.userId.slice(0, 8)}`,
      memberName: person.name,
      accessTokenEncrypted: `secret-access-${person.userId}`,
      accessTokenExpiresAt: now,
      refreshTokenEncrypted: `secret-refresh-${person.userId}`,
      connectedAt: now,
      updatedAt: now
    })
    // An endpoint they added (with a copy of their name), a delivery and a job whose payloads name them.
    const endpointId = randomUUID()
    await db.insert(webhookEndpoints).values({
      id: endpointId,
      organizationId: person.organizationId,
      url: 'https://hooks.example.com/in',
      events: ['member.joined'],
      secretEncrypted: 'sealed',
      createdByUserId: person.userId,
      createdByName: person.name,
      createdAt: now,
      updatedAt: now
    })
    await db.insert(webhookDeliveries).values({
      id: randomUUID(),
      endpointId,
      organizationId: person.organizationId,
      eventName: 'member.joined',
      webhookId: `msg_${randomUUID()}`,
      payload: { type: 'member.joined', timestamp: now.toISOString(), data: { userId: person.userId, email: person.email } },
      maxAttempts: 1,
      createdAt: now
    })
    await db.insert(jobs).values({
      id: randomUUID(),
      kind: 'privacy-test',
      key: `person:${person.userId}`,
      organizationId: person.organizationId,
      runAt: new Date(now.getTime() + 365 * 86_400_000),
      payload: { userId: person.userId },
      createdAt: now,
      updatedAt: now
    })
  }

  async function seedPerson(name: string): Promise<Seeded> {
    const person = await addMember(admin, name)
    const post = await create(person, { text: `A post written by ${name}` })
    const seeded = { ...person, name, email: await email(person), post }
    await seedDirect(seeded)
    return seeded
  }

  beforeAll(async () => {
    admin = await newOrg('Ann Admin')
    target = await seedPerson('Ingrid Erasmus')
    decoy = await seedPerson('Dora Decoy')
    // The target asks the admin and the decoy for feedback; the decoy comments on the target's post and @mentions them.
    expect((await target.client.post('/review/request', { postId: target.post.id, reviewerIds: [admin.userId, decoy.userId] })).status).toBe(200)
    const decoyComment = await decoy.client.post('/review/feedback', {
      postId: target.post.id,
      kind: 'COMMENT',
      text: `@${target.name} the decoy's own words`,
      mentions: [target.userId]
    })
    expect(decoyComment.status, JSON.stringify(decoyComment.body)).toBe(200)
    expect((await target.client.post('/review/feedback', { postId: target.post.id, kind: 'COMMENT', text: 'The target answers' })).status).toBe(200)
    // The decoy asks the admin for feedback on their own post too; both record an SSI through the API.
    expect((await decoy.client.post('/review/request', { postId: decoy.post.id, reviewerIds: [admin.userId] })).status).toBe(200)
    for (const person of [target, decoy]) expect((await person.client.put('/user/ssi', { score: 60, brand: 15, people: 15, insights: 15, relationships: 15 })).status).toBe(200)
  })

  async function exportOf(client: TestClient, ask: () => Promise<{ status: number; body: unknown }>) {
    const asked = await ask()
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    const requested = asked.body as PersonalDataExport
    expect(requested.status).toBe('queued')
    await runExportJob()
    const download = await client.app.inject({
      method: 'GET',
      url: '/api/privacy/exports/download',
      query: { exportId: requested.id },
      headers: { cookie: `pagecrew_session=${client.cookie}` }
    })
    expect(download.statusCode, download.body).toBe(200)
    expect(download.headers['content-type']).toContain('application/zip')
    return { id: requested.id, files: unzipSync(new Uint8Array(download.rawPayload)) }
  }

  it("exports every covered table's rows about the member, as in the database, and nothing about anyone else", async () => {
    const { id, files } = await exportOf(target.client, () => target.client.post('/user/privacy/exports'))
    const listed = await target.client.get<{ exports: PersonalDataExport[] }>('/user/privacy/exports')
    expect(listed.body.exports[0]).toMatchObject({ id, status: 'ready', progress: 100 })
    // The ready notification deep-links to Settings → Privacy.
    const bell = await target.client.notifications()
    expect(bell.body.find((n) => n.title === PRIVACY_MESSAGES.exportReadyTitle)?.link).toBe('/settings/privacy')

    const subject = { userId: target.userId, organizationId: null }
    let everything = ''
    for (const table of tablesFor(subject)) {
      const json = files[`${table.table}.json`]
      expect(json, `${table.table}.json`).toBeDefined()
      expect(files[`${table.table}.csv`], `${table.table}.csv`).toBeDefined()
      const text = strFromU8(json!)
      everything += text + strFromU8(files[`${table.table}.csv`]!)
      // The file is the database's rows, read again now (ids, values, instants) — less what the job itself changed since (the export's own row, the ready notification and the unread count).
      const now = (await readTable(t().db, table, subject)).filter((r) => r.title !== PRIVACY_MESSAGES.exportReadyTitle)
      if (!['personal_data_exports', 'notification_unread_counts'].includes(table.table)) expect(JSON.parse(text), table.table).toEqual(now)
    }
    // Every row with the member's id in one of its own columns is in the file (the filters miss nothing).
    for (const table of EXPORTED_TABLES) {
      const column = table.personColumns[0]
      if (!column || table.table === 'users') continue
      // The export's own ready notification was written after the file.
      const notTheReadyNotice = table.table === 'notifications' ? sql` and title <> ${PRIVACY_MESSAGES.exportReadyTitle}` : sql``
      const inDatabase = rowsOf<{ n: number | string }>(
        await t().db.execute(sql`select count(*) as n from ${sql.identifier(table.table)} where ${sql.identifier(column)} = ${target.userId}${notTheReadyNotice}`)
      )
      const rows = JSON.parse(strFromU8(files[`${table.table}.json`]!)) as Record<string, unknown>[]
      if (['posts', 'memberships', 'notifications', 'ssi_records', 'certificates', 'review_feedback', 'sessions', 'linkedin_connections'].includes(table.table)) {
        expect(Number(inDatabase[0]!.n), `${table.table} seeded`).toBeGreaterThan(0)
      }
      expect(rows.filter((r) => r[column] === target.userId).length, table.table).toBe(Number(inDatabase[0]!.n))
    }
    // Posts with their versions, what they wrote, their SSI and certificate, audit entries about them.
    expect(everything).toContain(`A post written by ${target.name}`)
    expect(everything).toContain('The target answers')
    expect(JSON.parse(strFromU8(files['post_versions.json']!)).length).toBeGreaterThan(0)
    expect(JSON.parse(strFromU8(files['audit_log.json']!)).some((e: { target_id: string }) => e.target_id === target.userId)).toBe(true)
    // Nothing about the decoy: not their id, email, name, posts or the feedback they wrote on the target's post.
    // The notifications they received are exported as they read them (one may quote who mentioned them); nothing else names the decoy.
    const received = strFromU8(files['notifications.json']!) + strFromU8(files['notifications.csv']!)
    for (const foreign of [decoy.userId, decoy.email]) expect(everything).not.toContain(foreign)
    for (const foreign of [decoy.name, "the decoy's own words", 'A post written by Dora']) expect(everything.replace(received, '')).not.toContain(foreign)
    // No secret: LinkedIn tokens, password hash, session tokens.
    expect(everything).not.toContain('secret-access')
    expect(everything).not.toContain('secret-refresh')
    expect(everything).not.toContain('argon2')
    expect(everything).not.toContain('token_hash')
  })

  it('lets only the member and the admin who asked download an export', async () => {
    const asked = await admin.client.post<PersonalDataExport>('/members/privacy/exports', { userId: target.userId })
    expect(asked.status).toBe(200)
    expect(asked.body.scope).toBe('organization')
    await runExportJob()
    const download = (client: TestClient) =>
      client.app.inject({ method: 'GET', url: '/api/privacy/exports/download', query: { exportId: asked.body.id }, headers: { cookie: `pagecrew_session=${client.cookie}` } })
    expect((await download(admin.client)).statusCode).toBe(200)
    expect((await download(target.client)).statusCode).toBe(200)
    expect((await download(decoy.client)).statusCode).toBe(404)
    // Audited, with the member as the target.
    const [entry] = await t().db.select().from(auditLog).where(eq(auditLog.action, 'privacy.export_requested'))
    expect(entry).toMatchObject({ actorUserId: admin.userId, targetId: target.userId })
  })

  it("refuses a member's data to a member (403) and to another organization's admin (404)", async () => {
    expect((await decoy.client.post('/members/privacy/exports', { userId: target.userId })).status).toBe(403)
    expect((await decoy.client.post('/members/privacy/erase', { userId: target.userId, confirmation: target.email })).status).toBe(403)
    const stranger = await newOrg('Sam Stranger')
    const theirs = await stranger.client.post<{ error: { message: string } }>('/members/privacy/exports', { userId: target.userId })
    expect(theirs.status).toBe(404)
    expect((await stranger.client.post('/members/privacy/erase', { userId: target.userId, confirmation: target.email })).status).toBe(404)
    expect((await stranger.client.get('/members/privacy/exports', { userId: target.userId })).status).toBe(404)
  })

  it('keeps the only admin of an organization with other members from deleting their account, with a clear message', async () => {
    const preview = await admin.client.get<{ blockedBy: string | null }>('/user/privacy/erasure')
    expect(preview.body.blockedBy).toMatch(/^You are the only admin of /)
    const res = await admin.client.post<{ error: { message: string } }>('/user/privacy/erase', { confirmation: await email(admin), currentPassword: 'correct horse battery staple' })
    expect(res.status).toBe(409)
    expect(res.body.error.message).toMatch(/^You are the only admin of .*Make another member an admin/)
  })

  it('asks for the typed email and the current password', async () => {
    const wrongEmail = await target.client.post<{ error: { fields: Record<string, string> } }>('/user/privacy/erase', { confirmation: 'someone@else.com', currentPassword: PASSWORD })
    expect(wrongEmail.status).toBe(400)
    expect(wrongEmail.body.error.fields.confirmation).toBe(PRIVACY_MESSAGES.confirmationMismatch)
    const noPassword = await target.client.post<{ error: { fields: Record<string, string> } }>('/user/privacy/erase', { confirmation: target.email })
    expect(noPassword.body.error.fields.currentPassword).toBe(PRIVACY_MESSAGES.currentPasswordNeeded)
    const wrongPassword = await target.client.post('/user/privacy/erase', { confirmation: target.email, currentPassword: 'not it at all' })
    expect(wrongPassword.status).toBe(400)
    expect(await target.client.signedIn()).toBe(true)
  })

  /** Every text, JSON and uuid column of every table, searched for each needle: the hits as 'table.column'. */
  async function rowsNaming(needles: readonly string[]): Promise<string[]> {
    const columns = rowsOf<{ table_name: string; column_name: string }>(
      await t().db.execute(sql`
        select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = current_schema() and c.data_type in ('uuid', 'text', 'character varying', 'jsonb', 'json', 'ARRAY')`)
    )
    const hits: string[] = []
    for (const c of columns) {
      for (const needle of needles) {
        const found = rowsOf<{ n: number | string }>(
          await t().db.execute(sql`select count(*) as n from ${sql.identifier(c.table_name)} where strpos(${sql.identifier(c.column_name)}::text, ${needle}) > 0`)
        )
        if (Number(found[0]!.n) > 0) hits.push(`${c.table_name}.${c.column_name} ~ ${needle}`)
      }
    }
    return hits
  }

  it('erases the account: no row names them afterwards, their posts stay as "Former member", sessions end, a tombstone is kept', async () => {
    const needles = [target.userId, target.email, target.name]
    expect((await rowsNaming(needles)).length).toBeGreaterThan(10)
    const erased = await target.client.post('/user/privacy/erase', { confirmation: target.email.toUpperCase(), currentPassword: PASSWORD })
    expect(erased.status, JSON.stringify(erased.body)).toBe(200)

    expect(await rowsNaming(needles)).toEqual([])
    // Signed out everywhere: the session is gone.
    const again = new TestClient(t().app)
    again.cookie = target.client.cookie
    expect((await again.get('/user')).status).toBe(401)
    // The organization keeps the post (its setting's default), by the Former member.
    const [kept] = await t().db.select().from(posts).where(eq(posts.id, target.post.id))
    expect(kept).toBeDefined()
    const author = rowsOf<{ full_name: string }>(await t().db.execute(sql`select full_name from users where id = ${kept!.authorUserId}`))
    expect(author[0]!.full_name).toBe(FORMER_MEMBER_NAME)
    // The tombstone: an account was erased, by whom (the person: named Former member), when.
    const tombstones = await t().db.select().from(auditLog).where(eq(auditLog.action, 'privacy.account_erased'))
    expect(tombstones).toHaveLength(1)
    expect(tombstones[0]).toMatchObject({ actorName: FORMER_MEMBER_NAME, targetLabel: FORMER_MEMBER_NAME, organizationId: admin.organizationId })
    // The decoy is untouched.
    expect((await rowsNaming([decoy.userId, decoy.email, decoy.name])).length).toBeGreaterThan(10)
    expect((await decoy.client.get('/user')).status).toBe(200)
  })

  it("removes the member's posts when the organization says so, erased by an admin (audited, member.removed)", async () => {
    expect((await admin.client.put('/organization/settings/privacy/update', { erasedMemberContent: 'remove' })).status).toBe(200)
    expect((await admin.client.get<{ erasedMemberContent: string }>('/organization/settings/privacy')).body.erasedMemberContent).toBe('remove')
    const preview = await admin.client.get<{ organizations: { erasedMemberContent: string }[]; blockedBy: null }>('/members/privacy/erasure', { userId: decoy.userId })
    expect(preview.body).toMatchObject({ organizations: [{ erasedMemberContent: 'remove' }], blockedBy: null })
    const wrong = await admin.client.post('/members/privacy/erase', { userId: decoy.userId, confirmation: 'not their email' })
    expect(wrong.status).toBe(400)
    const erased = await admin.client.post('/members/privacy/erase', { userId: decoy.userId, confirmation: decoy.email })
    expect(erased.status, JSON.stringify(erased.body)).toBe(200)
    expect(await t().db.select().from(posts).where(eq(posts.id, decoy.post.id))).toEqual([])
    expect(await rowsNaming([decoy.userId, decoy.email, decoy.name])).toEqual([])
    const tombstones = await t().db.select().from(auditLog).where(eq(auditLog.action, 'privacy.account_erased'))
    expect(tombstones.map((e) => e.actorUserId)).toContain(admin.userId)
    const removedEvents = rowsOf<{ n: number | string }>(
      await t().db.execute(sql`select count(*) as n from domain_events where name = 'member.removed' and organization_id = ${admin.organizationId}`)
    )
    expect(Number(removedEvents[0]!.n)).toBe(2)
    const [org] = await t().db.select().from(organizations).where(eq(organizations.id, admin.organizationId))
    expect(org!.erasedMemberContent).toBe('remove')
  })
})


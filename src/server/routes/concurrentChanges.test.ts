import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { toTeamFormFields, type Session } from '../../shared/api/contract'
import type { AiTemplateDetail, AssignedSlot, BusinessPage, BusinessPostTag, Member, Post, PostTag, Team, User } from '../../shared/domain'
import { zonedInstant } from '../../shared/rules'
import { subscriptions } from '../db/schema'
import { TestClient, type TestResponse } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

/**
 * Issue 12, item 8: the same delete sent many times at once (a double click, a retry, two tabs)
 * deletes once. Exactly one answer says it did (200), the others 404; an edit racing a delete
 * answers 200 or 404, never a 500. On PGlite requests run one after another; on PostgreSQL they
 * really overlap, which is where a read-then-delete answered 200 to every racer.
 */

const PARALLEL = 50
const PASSWORD = 'correct horse battery staple'
/** A Tuesday, 10:00 UTC: slots are made for the next days. */
const NOW = '2026-03-10T10:00:00.000Z'
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(120, 7)])

let counter = 0
const uniqueEmail = (name: string) => `${name}-${++counter}-${Date.now().toString(36)}@example.com`

type Slots = { slots: AssignedSlot[] }

/** The statuses of `n` copies of a request sent at once, sorted. */
async function atOnce(n: number, send: () => Promise<TestResponse>): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: n }, send))
  return answers.map((r) => r.status).sort((a, b) => a - b)
}

const oneOkRestNotFound = (n: number) => [200, ...Array<number>(n - 1).fill(404)]

describeEachDatabase('concurrent deletes and edits', (t) => {
  let admin: TestClient
  let adminId: string

  /** One account for the file (sign-ups are rate limited); each test gets a fresh organization with 30 seats. */
  async function organization(name: string) {
    t().clock.set(NOW)
    if (!admin) {
      admin = new TestClient(t().app)
      await admin.signup({ fullName: 'Ada Admin', email: uniqueEmail('admin') })
    }
    const org = await admin.createOrganization(name, { linkedInCompanyName: `${name} Inc.`, industry: 'Robotics' })
    await t().db.update(subscriptions).set({ availableSeats: 30 }).where(eq(subscriptions.organizationId, org.id))
    adminId = (await admin.get<User>('/user')).body.id
    return org
  }

  async function addMember(fullName = 'Mia Member') {
    const invited = await admin.post<{ member: Member; joinUrl: string }>('/members/invite', { email: uniqueEmail('member'), role: 'MEMBER' })
    if (invited.status !== 200) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`)
    const client = new TestClient(t().app)
    const token = new URL(invited.body.joinUrl).searchParams.get('token')!
    const joined = await client.post<Session>('/join/accept', { token, fullName, password: PASSWORD })
    if (joined.status !== 200) throw new Error(`join failed: ${joined.status} ${JSON.stringify(joined.body)}`)
    return { client, userId: invited.body.member.id }
  }

  async function createTeam(name = 'Sales', image?: Buffer) {
    const fields = toTeamFormFields({ name, members: [adminId], teamLeaders: [adminId], requireTag: false, aISettingTemplateId: null })
    const res = await admin.multipart<Team>('POST', '/team/create', fields, image ? [{ field: 'image', fileName: 'team.png', contentType: 'image/png', data: image }] : [])
    expect(res.status).toBe(200)
    return res.body
  }

  async function createTag(title = 'Hiring') {
    const res = await admin.post<PostTag>('/postTag/create', { tagTitle: title, tagColor: '#aabbcc', assignedUsers: [adminId] })
    expect(res.status).toBe(200)
    return res.body
  }

  async function createPage(name = 'Page') {
    const res = await admin.post<BusinessPage>('/organization/business-pages/create', { linkedInCompanyName: name })
    expect(res.status).toBe(200)
    return res.body
  }

  async function createSlots(count: number) {
    const time = zonedInstant('2026-03-12', '09:00', 'UTC').toISOString()
    const body = { assignedUserId: [adminId], time, comment: 'Idea', postType: 'textOnly', ...(count > 1 ? { recurrenceType: 'weekly', recurrenceInterval: 1, recurrenceCount: count } : {}) }
    const res = await admin.post<Slots>('/schedule/assigned-slots/create', body)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.slots
  }

  it('a team deleted 50 times at once: one 200, the rest 404, and its image file goes once', async () => {
    await organization('Team race')
    const team = await createTeam('Sales', PNG)
    const images = join(t().dataDir, 'uploads', 'teams')
    expect(readdirSync(images)).toHaveLength(1)
    expect(await atOnce(PARALLEL, () => admin.delete('/team/delete', { teamId: team.id }))).toEqual(oneOkRestNotFound(PARALLEL))
    expect((await admin.get<Team[]>('/team/list')).body).toEqual([])
    expect(readdirSync(images)).toEqual([])
  })

  it('a slot deleted 50 times at once, and a series: one 200 each, the rest 404', async () => {
    await organization('Slot race')
    const [slot] = await createSlots(1)
    const one = await Promise.all(Array.from({ length: PARALLEL }, () => admin.delete<{ deleted: number }>('/schedule/assigned-slots/delete', { slotId: slot!.id })))
    expect(one.map((r) => r.status).sort((a, b) => a - b)).toEqual(oneOkRestNotFound(PARALLEL))
    expect(one.find((r) => r.status === 200)!.body.deleted).toBe(1)

    const series = await createSlots(4)
    const all = await Promise.all(
      Array.from({ length: PARALLEL }, () => admin.delete<{ deleted: number }>('/schedule/assigned-slots/delete', { slotId: series[0]!.id, scope: 'series' }))
    )
    expect(all.map((r) => r.status).sort((a, b) => a - b)).toEqual(oneOkRestNotFound(PARALLEL))
    expect(all.find((r) => r.status === 200)!.body.deleted).toBe(4)
  })

  it('a topic tag and a business post tag deleted 50 times at once: one 200 each', async () => {
    await organization('Tag race')
    const tag = await createTag()
    expect(await atOnce(PARALLEL, () => admin.delete('/postTag/delete', { tagId: tag.id }))).toEqual(oneOkRestNotFound(PARALLEL))
    const page = await createPage()
    const res = await admin.post<BusinessPostTag>('/businessPostTag', { businessPageId: page.id, title: 'Launch', color: '#aabbcc' })
    expect(res.status).toBe(200)
    expect(await atOnce(PARALLEL, () => admin.delete('/businessPostTag', { id: res.body.id }))).toEqual(oneOkRestNotFound(PARALLEL))
  })

  it('a member, a business page and an AI template deleted 50 times at once: one 200 each', async () => {
    await organization('Admin race')
    const member = await addMember()
    expect(await atOnce(PARALLEL, () => admin.delete('/members/delete', { userId: member.userId }))).toEqual(oneOkRestNotFound(PARALLEL))
    const page = await createPage()
    expect(await atOnce(PARALLEL, () => admin.delete('/organization/business-pages/delete', { businessPageId: page.id }))).toEqual(
      oneOkRestNotFound(PARALLEL)
    )
    const template = await admin.post<AiTemplateDetail>('/ai-template/create', { templateName: 'Second', industries: ['Robotics'] })
    expect(template.status, JSON.stringify(template.body)).toBe(200)
    expect(await atOnce(PARALLEL, () => admin.delete('/ai-template/delete', { templateId: template.body.id }))).toEqual(oneOkRestNotFound(PARALLEL))
  })

  it('a post deleted 50 times at once: one 200, the rest 404', async () => {
    await organization('Post race')
    const post = await admin.post<Post>('/posts/create', { text: 'Hello' })
    expect(post.status).toBe(200)
    expect(await atOnce(PARALLEL, () => admin.delete('/posts/delete', { postId: post.body.id }))).toEqual(oneOkRestNotFound(PARALLEL))
  })

  it('an organization deleted 10 times at once: one 200, the rest 404', async () => {
    // Its own account: deleting the organization signs its admin out.
    const owner = new TestClient(t().app)
    await owner.signup({ fullName: 'Olga Owner', email: uniqueEmail('owner') })
    await owner.createOrganization('Doomed')
    expect(await atOnce(10, () => owner.delete('/organization'))).toEqual(oneOkRestNotFound(10))
  })

  it('edits racing a delete answer 200 or 404, never 500, and leave nothing behind the deleted row', async () => {
    await organization('Edit race')
    const edits = 10
    const check = (statuses: number[], what: string) => {
      expect(statuses.every((s) => s === 200 || s === 404), `${what}: ${statuses.join(',')}`).toBe(true)
    }

    const team = await createTeam('Team A')
    const teamFields = toTeamFormFields({ id: team.id, name: 'Renamed', members: [adminId], teamLeaders: [adminId], requireTag: false, aISettingTemplateId: null })
    check(
      (
        await Promise.all([
          admin.delete('/team/delete', { teamId: team.id }),
          ...Array.from({ length: edits }, () => admin.multipart('PUT', '/team/update', teamFields))
        ])
      ).map((r) => r.status),
      'team'
    )

    const tag = await createTag('Tag A')
    check(
      (
        await Promise.all([
          admin.delete('/postTag/delete', { tagId: tag.id }),
          ...Array.from({ length: edits }, (_, i) => admin.put('/postTag/update', { tagId: tag.id, tagTitle: `Tag ${i}`, tagColor: '#aabbcc', assignedUsers: [adminId] }))
        ])
      ).map((r) => r.status),
      'tag'
    )
    expect((await admin.post<PostTag[]>('/postTag', {})).body).toEqual([])

    const page = await createPage('Page A')
    const businessTag = await admin.post<BusinessPostTag>('/businessPostTag', { businessPageId: page.id, title: 'Launch', color: '#aabbcc' })
    check(
      (
        await Promise.all([
          admin.delete('/businessPostTag', { id: businessTag.body.id }),
          ...Array.from({ length: edits }, (_, i) => admin.put('/businessPostTag', { id: businessTag.body.id, title: `Launch ${i}`, color: '#aabbcc' }))
        ])
      ).map((r) => r.status),
      'business tag'
    )
    check(
      (
        await Promise.all([
          admin.delete('/organization/business-pages/delete', { businessPageId: page.id }),
          ...Array.from({ length: edits }, (_, i) => admin.put('/organization/business-pages/update', { businessPageId: page.id, linkedInCompanyName: `P ${i}` }))
        ])
      ).map((r) => r.status),
      'page'
    )

    const template = await admin.post<AiTemplateDetail>('/ai-template/create', { templateName: 'Second', industries: ['Robotics'] })
    check(
      (
        await Promise.all([
          admin.delete('/ai-template/delete', { templateId: template.body.id }),
          ...Array.from({ length: edits }, (_, i) => admin.put('/ai-template/update', { templateId: template.body.id, templateName: `T ${i}` }))
        ])
      ).map((r) => r.status),
      'template'
    )

    const series = await createSlots(3)
    const slotAnswers = await Promise.all([
      admin.delete('/schedule/assigned-slots/delete', { slotId: series[0]!.id, scope: 'series' }),
      ...Array.from({ length: edits }, (_, i) => admin.put<Slots>('/schedule/assigned-slots/update', { slotId: series[0]!.id, scope: 'series', comment: `Idea ${i}` })),
      ...Array.from({ length: edits }, () => admin.put<Slots>('/schedule/assign-slots/updateTags', { slotId: series[0]!.id, scope: 'series', tagId: null }))
    ])
    check(
      slotAnswers.map((r) => r.status),
      'slot'
    )
    // An edit that answered 200 answered the slots it changed, never an empty list.
    for (const r of slotAnswers.slice(1)) if (r.status === 200) expect((r.body as Slots).slots.length).toBeGreaterThan(0)
  })
})

import { parse } from 'csv-parse/sync'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { PLAN_IMPORT_COLUMNS, PLAN_IMPORT_MAX_CHARS, type PlanImportPreview, type Session } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import type { AssignedSlot, BusinessPage, Member, PostTag, User } from '../../shared/domain'
import { expandCalendar, type CompactCalendar } from '../../shared/domain/compactCalendar'
import { localDate, localTime, zonedInstant } from '../../shared/rules'
import { assignedSlots, notifications, posts, subscriptions } from '../db/schema'
import { UNKNOWN_TIME_ZONE } from '../services/analytics'
import { EXPORT_HEADER, IMPORT_DATE_FORMAT, IMPORT_PAGE_UNKNOWN, IMPORT_POST_TYPE, IMPORT_ROWS_INVALID, IMPORT_TAG_UNKNOWN, IMPORT_TOO_MANY_ROWS } from '../services/planCsv'
import { newPostValues } from '../services/posts'
import { NEW_SLOT_TITLE } from '../services/slots'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }
type Preview = PlanImportPreview & ErrorBody

const PASSWORD = 'correct horse battery staple'
/** A Tuesday, 10:00 UTC: the window is 2026-03-11 to 2026-06-08 in UTC. */
const NOW = '2026-03-10T10:00:00.000Z'
const PREVIEW = '/schedule/import/preview'
const COMMIT = '/schedule/import/commit'
const HEADER = Object.values(PLAN_IMPORT_COLUMNS).join(',')

let counter = 0
const uniqueEmail = (name: string) => `${name}-${++counter}-${Date.now().toString(36)}@example.com`
/** One CSV line from cells (quoted when needed). */
const line = (...cells: string[]) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')
const file = (...lines: string[]) => [HEADER, ...lines].join('\n')

describeEachDatabase('the plan as CSV', (t) => {
  interface Person {
    client: TestClient
    userId: string
    email: string
  }

  async function newOrg(name = 'Acme') {
    t().clock.set(NOW)
    const client = new TestClient(t().app)
    const email = uniqueEmail('admin')
    await client.signup({ fullName: 'Ada Admin', email })
    const org = await client.createOrganization(name, { linkedInCompanyName: `${name} Inc.`, industry: 'Robotics' })
    await t().db.update(subscriptions).set({ availableSeats: 30 }).where(eq(subscriptions.organizationId, org.id))
    const userId = (await client.get<User>('/user')).body.id
    return { admin: { client, userId, email } as Person, org }
  }

  async function addMember(admin: TestClient, fullName: string, timezone?: string): Promise<Person> {
    const email = uniqueEmail('member')
    const invited = await admin.post<{ member: Member; joinUrl: string }>('/members/invite', { email, role: 'MEMBER' })
    const client = new TestClient(t().app)
    const token = new URL(invited.body.joinUrl).searchParams.get('token')!
    expect((await client.post<Session>('/join/accept', { token, fullName, password: PASSWORD })).status).toBe(200)
    if (timezone) expect((await client.put('/user/update-user-details', { timezone })).status).toBe(200)
    return { client, userId: invited.body.member.id, email }
  }

  async function createTag(admin: TestClient, title: string, assignedUsers: string[]) {
    const res = await admin.post<PostTag>('/postTag/create', { tagTitle: title, tagColor: '#AABBCC', assignedUsers })
    expect(res.status).toBe(200)
    return res.body
  }

  async function createPage(admin: TestClient, name: string, linked: string[]) {
    const res = await admin.post<BusinessPage>('/organization/business-pages/create', { linkedInCompanyName: name })
    expect(res.status).toBe(200)
    for (const userId of linked) {
      const member = (await admin.get<{ members: Member[] }>('/members/list')).body.members.find((m) => m.id === userId)!
      expect((await admin.put('/members/update', { userId, selectedBusinessPages: [...member.businessPages.map((p) => p.id), res.body.id] })).status).toBe(200)
    }
    return res.body
  }

  const slotsOf = async (organizationId: string) => t().db.select().from(assignedSlots).where(eq(assignedSlots.organizationId, organizationId))

  describe('preview', () => {
    it('checks every row with the slot rules and names the field of each problem', async () => {
      const { admin, org } = await newOrg('Rules Co')
      const mia = await addMember(admin.client, 'Mia Member', 'America/New_York')
      const max = await addMember(admin.client, 'Max Member')
      await createTag(admin.client, 'Hiring', [mia.userId])
      await createPage(admin.client, 'Acme Robotics', [mia.userId])
      const csv = file(
        line(mia.email, '2026-03-12', '09:00', 'Europe/Berlin', 'hiring', '', 'images', 'Engineers', 'Launch post'),
        line(max.email.toUpperCase(), '2026-03-13', '9:15', '', '', '', '', '', ''),
        line('nobody@example.com', '2026-03-12', '09:00', '', '', '', '', '', ''),
        line('', '2026-03-12', '09:00', '', '', '', '', '', ''),
        line(mia.email, '12/03/2026', '09:10', 'Mars/Olympus', '', '', '', '', ''),
        line(mia.email, '2026-03-10', '09:00', 'UTC', '', '', '', '', ''),
        line(mia.email, '2026-06-20', '09:00', '', '', '', '', '', ''),
        line(max.email, '2026-03-12', '09:00', '', 'Hiring', '', '', '', ''),
        line(max.email, '2026-03-12', '09:00', '', 'Nope', 'Acme Robotics', 'carousel', '', ''),
        line(mia.email, '2026-03-12', '09:00', '', 'Hiring', 'Acme Robotics', '', 'x'.repeat(301), 'y'.repeat(5000)),
        line(max.email, '2026-03-12', '09:00', '', '', 'Unknown page', '', '', '')
      )
      const res = await admin.client.post<Preview>(PREVIEW, { csv })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ total: 11, valid: 2, invalid: 9 })
      const errors = res.body.rows.map((r) => [r.line, r.errors])
      expect(errors).toEqual([
        [2, {}],
        [3, {}],
        [4, { memberEmail: MESSAGES.slotMemberUnknown }],
        [5, { memberEmail: "Enter the member's email." }],
        [6, { date: IMPORT_DATE_FORMAT, time: MESSAGES.slotTimeNotOption, timeZone: UNKNOWN_TIME_ZONE }],
        [7, { date: MESSAGES.slotDateOutsideWindow }],
        [8, { date: MESSAGES.slotDateOutsideWindow }],
        [9, { topicTag: MESSAGES.slotTagNotAllowed }],
        [10, { topicTag: MESSAGES.slotTagWithPages, page: MESSAGES.slotPageNotLinked, postType: IMPORT_POST_TYPE }],
        [
          11,
          {
            topicTag: MESSAGES.slotTagWithPages,
            audience: expect.stringContaining('target audience') as string,
            contentIdea: expect.stringContaining('content idea') as string
          }
        ],
        [12, { page: IMPORT_PAGE_UNKNOWN }]
      ])
      expect(res.body.rows[0]!.values).toMatchObject({ memberEmail: mia.email, topicTag: 'hiring', postType: 'images' })
      expect(await slotsOf(org.id)).toHaveLength(0)
    })

    it('a day that does not exist (2026-13-01, 0000-00-00) is that row’s problem, not the whole file’s', async () => {
      const { admin, org } = await newOrg('Days Co')
      const csv = file(
        line(admin.email, '2026-03-12', '09:00', 'UTC', '', '', '', '', ''),
        line(admin.email, '2026-13-01', '09:00', 'UTC', '', '', '', '', ''),
        line(admin.email, '0000-00-00', '09:00', '', '', '', '', '', ''),
        line(admin.email, '2026-02-30', '09:00', 'UTC', '', '', '', '', ''),
        line(admin.email, '0001-01-01', '09:00', 'UTC', '', '', '', '', '')
      )
      const res = await admin.client.post<Preview>(PREVIEW, { csv })
      expect(res.status).toBe(200)
      expect(res.body.rows.map((r) => [r.line, r.errors])).toEqual([
        [2, {}],
        [3, { date: IMPORT_DATE_FORMAT }],
        [4, { date: IMPORT_DATE_FORMAT }],
        [5, { date: IMPORT_DATE_FORMAT }],
        [6, { date: MESSAGES.slotDateOutsideWindow }]
      ])
      const committed = await admin.client.post<{ error: { fields: Record<string, string> } }>(COMMIT, { csv })
      expect(committed.status).toBe(400)
      expect(Object.keys(committed.body.error.fields).length).toBeGreaterThan(0)
      expect(await slotsOf(org.id)).toHaveLength(0)
    })

    it('names a tag the organization does not have, and takes an exported file (extra columns, guarded cells)', async () => {
      const { admin } = await newOrg('Export Co')
      const csv = [
        ['Kind', ...Object.values(PLAN_IMPORT_COLUMNS)].join(','),
        line('Slot', admin.email, '2026-03-12', '09:00', 'UTC', 'Ghost tag', '', '', '', "'=HYPERLINK(1)")
      ].join('\n')
      const res = await admin.client.post<Preview>(PREVIEW, { csv })
      expect(res.body.rows[0]).toMatchObject({ errors: { topicTag: IMPORT_TAG_UNKNOWN }, values: { contentIdea: '=HYPERLINK(1)' } })
    })

    it('refuses a file without the needed columns, without rows, with too many rows or too large', async () => {
      const { admin } = await newOrg('Limits Co')
      const missing = await admin.client.post<Preview>(PREVIEW, { csv: 'Member email,Date\na@b.c,2026-03-12' })
      expect(missing.status).toBe(400)
      expect(missing.body.error.message).toBe('The header row needs the column Time.')
      expect((await admin.client.post<Preview>(PREVIEW, { csv: HEADER })).status).toBe(400)
      const many = await admin.client.post<Preview>(PREVIEW, { csv: file(...Array.from({ length: 10_001 }, () => line(admin.email, '2026-03-12', '09:00'))) })
      expect(many.status).toBe(400)
      expect(many.body.error.message).toBe(IMPORT_TOO_MANY_ROWS)
      const large = await admin.client.post<Preview>(PREVIEW, { csv: 'x'.repeat(PLAN_IMPORT_MAX_CHARS + 1) })
      expect(large.status).toBe(400)
      expect(large.body.error.fields?.csv).toMatch(/at most 2 MB/)
      expect((await new TestClient(t().app).post(PREVIEW, { csv: HEADER })).status).toBe(401)
    })

    it('lets a MEMBER import only their own slots', async () => {
      const { admin } = await newOrg('Self Co')
      const mia = await addMember(admin.client, 'Mia Member')
      const max = await addMember(admin.client, 'Max Member')
      const csv = file(line(mia.email, '2026-03-12', '09:00'), line(max.email, '2026-03-12', '09:00'))
      const res = await mia.client.post<Preview>(PREVIEW, { csv })
      expect(res.body.rows.map((r) => r.errors)).toEqual([{}, { memberEmail: MESSAGES.slotOnlySelf }])
      const refused = await mia.client.post<ErrorBody>(COMMIT, { csv })
      expect(refused.status).toBe(400)
      expect(refused.body.error.fields).toEqual({ '3.memberEmail': MESSAGES.slotOnlySelf })
    })

    it("knows nothing of another organization's members, tags and pages", async () => {
      const { admin } = await newOrg('Home Co')
      const other = await newOrg('Other Co')
      const stranger = await addMember(other.admin.client, 'Sam Stranger')
      await createTag(other.admin.client, 'Secret', [stranger.userId])
      await createPage(other.admin.client, 'Other Page', [stranger.userId])
      const csv = file(line(stranger.email, '2026-03-12', '09:00'), line(admin.email, '2026-03-12', '09:00', '', 'Secret'), line(admin.email, '2026-03-12', '09:00', '', '', 'Other Page'))
      const res = await admin.client.post<Preview>(PREVIEW, { csv })
      expect(res.body.rows.map((r) => r.errors)).toEqual([{ memberEmail: MESSAGES.slotMemberUnknown }, { topicTag: IMPORT_TAG_UNKNOWN }, { page: IMPORT_PAGE_UNKNOWN }])
    })
  })

  describe('commit', () => {
    it('creates nothing when one row is invalid, then every slot in one go, notifying each assignee once', async () => {
      const { admin, org } = await newOrg('Commit Co')
      const mia = await addMember(admin.client, 'Mia Member', 'Europe/Berlin')
      await createTag(admin.client, 'Hiring', [mia.userId])
      const page = await createPage(admin.client, 'Acme Robotics', [mia.userId])
      const good = [
        line(mia.email, '2026-03-12', '09:00', 'Europe/Berlin', 'Hiring', '', 'poll', 'CTOs', 'Q&A, part 1'),
        line(mia.email, '2026-03-13', '10:30', '', '', 'Acme Robotics'),
        line(admin.email, '2026-03-14', '23:45', 'UTC')
      ]
      const bad = await admin.client.post<ErrorBody>(COMMIT, { csv: file(...good, line(mia.email, '2026-03-14', '25:00')) })
      expect(bad.status).toBe(400)
      expect(bad.body.error).toMatchObject({ message: IMPORT_ROWS_INVALID(1), fields: { '5.time': MESSAGES.slotTimeNotOption } })
      expect(await slotsOf(org.id)).toHaveLength(0)

      const res = await admin.client.post<{ created: number }>(COMMIT, { csv: file(...good) })
      expect(res.body).toEqual({ created: 3 })
      const calendar = expandCalendar((await admin.client.request<CompactCalendar>('GET', '/schedule/calendar', { query: { from: '2026-03-11T00:00:00Z', to: '2026-03-16T00:00:00Z' } })).body)
      const slots = calendar.slots
      expect(slots.map((s: AssignedSlot) => [s.assignee.id, localDate(s.time, s.timezone), localTime(s.time, s.timezone), s.timezone])).toEqual([
        [mia.userId, '2026-03-12', '09:00', 'Europe/Berlin'],
        [mia.userId, '2026-03-13', '10:30', 'Europe/Berlin'],
        [admin.userId, '2026-03-14', '23:45', 'UTC']
      ])
      expect(slots[0]).toMatchObject({ tag: { title: 'Hiring' }, postType: 'poll', targetAudience: 'CTOs', comment: 'Q&A, part 1', seriesSize: 1, canEdit: true })
      expect(slots[1]).toMatchObject({ isBusinessPageSlot: true, businessPages: [{ id: page.id }], tag: null, postType: 'textOnly' })
      expect(new Set(slots.map((s) => s.seriesId)).size).toBe(3)

      const bell = await t().db.select().from(notifications).where(eq(notifications.userId, mia.userId))
      const slotNotes = bell.filter((n) => n.title === NEW_SLOT_TITLE)
      expect(slotNotes).toHaveLength(1)
      expect(slotNotes[0]!.message).toBe('Ada Admin assigned you a posting slot on Thu 12 Mar 2026 at 09:00 (×2).')
      expect((await t().db.select().from(notifications).where(eq(notifications.userId, admin.userId))).filter((n) => n.title === NEW_SLOT_TITLE)).toHaveLength(0)
    })

    it('imports 5,000 rows in seconds', async () => {
      const { admin, org } = await newOrg('Bulk Co')
      const members = [admin, await addMember(admin.client, 'Mia Member'), await addMember(admin.client, 'Max Member')]
      await createTag(admin.client, 'Hiring', members.map((m) => m.userId))
      const rows = Array.from({ length: 5000 }, (_, i) => {
        const day = localDate(new Date(Date.parse('2026-03-11T12:00:00Z') + (i % 80) * 86_400_000), 'UTC')
        const quarter = i % 96
        const time = `${String(Math.floor(quarter / 4)).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}`
        return line(members[i % 3]!.email, day, time, 'UTC', 'Hiring', '', 'textOnly', 'Engineers', `Idea ${i}`)
      })
      const started = performance.now()
      const preview = await admin.client.post<Preview>(PREVIEW, { csv: file(...rows) })
      const previewMs = performance.now() - started
      expect(preview.body.valid).toBe(5000)
      const committing = performance.now()
      const res = await admin.client.post<{ created: number }>(COMMIT, { csv: file(...rows) })
      const commitMs = performance.now() - committing
      expect(res.body.created).toBe(5000)
      expect(await slotsOf(org.id)).toHaveLength(5000)
      console.info(`${expect.getState().currentTestName ?? ""}: 5,000 rows, preview ${Math.round(previewMs)} ms, commit ${Math.round(commitMs)} ms`)
      // About 4-5 s on a quiet machine; twice the room for a busy one, still far below a quadratic import.
      expect(previewMs + commitMs).toBeLessThan(20_000)
    }, 60_000)
  })

  describe('export', () => {
    it('writes the calendar as rows with the viewer zone, emails, the slot post, guarded cells and the same scope', async () => {
      const { admin, org } = await newOrg('Export Co')
      const mia = await addMember(admin.client, 'Mia Member')
      expect((await admin.client.put('/user/update-user-details', { timezone: 'Asia/Tokyo' })).status).toBe(200)
      await createTag(admin.client, '=Risky', [mia.userId])
      const imported = await admin.client.post(COMMIT, {
        csv: file(line(mia.email, '2026-03-12', '09:00', 'UTC', "'=Risky", '', 'images', '+Audience', '@idea, with comma'), line(admin.email, '2026-03-20', '08:00', 'UTC'))
      })
      expect(imported.status).toBe(200)
      const [miaSlot] = await t().db.select().from(assignedSlots).where(eq(assignedSlots.assigneeId, mia.userId))
      const post = newPostValues(
        { organizationId: org.id, authorUserId: mia.userId, slotId: miaSlot!.id, text: '-1 reasons\nto ship', scheduledAt: miaSlot!.time },
        t().clock.now()
      )
      const loose = newPostValues({ organizationId: org.id, authorUserId: admin.userId, text: 'A post of its own', scheduledAt: new Date('2026-03-15T10:00:00Z') }, t().clock.now())
      await t().db.insert(posts).values([post, loose])
      // Another organization's slot in the same days never shows.
      const other = await newOrg('Other Co')
      await other.admin.client.post(COMMIT, { csv: file(line(other.admin.email, '2026-03-12', '09:00')) })

      const period = { from: '2026-03-11T00:00:00Z', to: '2026-03-25T00:00:00Z' }
      const res = await admin.client.request('GET', '/schedule/export', { query: period })
      expect(res.status).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/csv/)
      expect(res.headers['content-disposition']).toBe('attachment; filename="pagecrew-plan-2026-03-11-2026-03-25.csv"')
      const records = parse(res.body as string) as string[][]
      expect(records).toEqual([
        EXPORT_HEADER,
        ['Slot', mia.email, 'Mia Member', '2026-03-12', '18:00', 'Asia/Tokyo', "'=Risky", '', 'images', "'+Audience", "'@idea, with comma", 'OPEN', 'SCHEDULED', "'-1 reasons to ship"],
        ['Post', admin.email, 'Ada Admin', '2026-03-15', '19:00', 'Asia/Tokyo', '', '', 'textOnly', '', '', '', 'SCHEDULED', 'A post of its own'],
        ['Slot', admin.email, 'Ada Admin', '2026-03-20', '17:00', 'Asia/Tokyo', '', '', 'textOnly', '', '', 'OPEN', '', '']
      ])

      // The Plan's filters: Mia's account only, in UTC.
      const filtered = await admin.client.request('GET', '/schedule/export', { query: { ...period, accountId: mia.userId, timezone: 'UTC' } })
      const rows = (parse(filtered.body as string) as string[][]).slice(1)
      expect(rows.map((r) => [r[1], r[4], r[5]])).toEqual([[mia.email, '09:00', 'UTC']])
      // A MEMBER sees the shared plan too; an unknown account is 404 like the calendar; no session is 401.
      expect(((parse((await mia.client.request('GET', '/schedule/export', { query: period })).body as string) as string[][]).length)).toBe(4)
      expect((await admin.client.request('GET', '/schedule/export', { query: { ...period, accountId: other.admin.userId } })).status).toBe(404)
      expect((await admin.client.request('GET', '/schedule/export', { query: { ...period, timezone: 'Nowhere/Else' } })).status).toBe(400)
      expect((await new TestClient(t().app).request('GET', '/schedule/export', { query: period })).status).toBe(401)
      expect(zonedInstant('2026-03-12', '09:00', 'UTC').toISOString()).toBe(miaSlot!.time.toISOString())
    })

    it('guards a formula wherever one could start in a cell (after ; , tab or a line break too), and import takes the guards off again', async () => {
      const { admin } = await newOrg('Split Co')
      const acme = await createPage(admin.client, 'Acme', [admin.userId])
      const evil = await createPage(admin.client, '=HYPERLINK("x")', [admin.userId])
      const zed = await createPage(admin.client, '@Zed', [admin.userId])
      const comment = "ok;=1+1, -2\n@SUM(1)\t+3;'=4"
      const created = await admin.client.post('/schedule/assigned-slots/create', {
        assignedUserId: [admin.userId],
        time: '2026-03-12T09:00:00Z',
        comment,
        targetAudience: 'Leads; =cmd',
        businessPageId: [acme.id, evil.id, zed.id]
      })
      expect(created.status).toBe(200)
      const res = await admin.client.request('GET', '/schedule/export', { query: { from: '2026-03-11T00:00:00Z', to: '2026-03-25T00:00:00Z', timezone: 'UTC' } })
      const [header, row] = parse(res.body as string) as string[][]
      const cell = (name: string) => row![header!.indexOf(name)]!
      // The pages' names joined with '; ' (by name): each guarded, the first and those after a separator.
      expect(cell(PLAN_IMPORT_COLUMNS.page)).toBe(`'=HYPERLINK("x");' @Zed; Acme`)
      expect(cell(PLAN_IMPORT_COLUMNS.audience)).toBe("Leads;' =cmd")
      expect(cell(PLAN_IMPORT_COLUMNS.contentIdea)).toBe("ok;'=1+1,' -2\n'@SUM(1)\t'+3;''=4")
      // No piece a spreadsheet splitting on ; , tab or line breaks makes starts a formula.
      for (const text of row!) for (const piece of text.split(/[;,\t\r\n]/)) expect(piece.trimStart(), text).not.toMatch(/^["]*[=+\-@]/)
      // The exported file imports as the text it was made of.
      const preview = await admin.client.post<Preview>(PREVIEW, { csv: res.body as string })
      expect(preview.body.rows[0]!.values).toMatchObject({ contentIdea: comment, audience: 'Leads; =cmd' })
    })
  })
})

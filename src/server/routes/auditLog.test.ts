import { randomUUID } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import type { AuditEntry } from '../../shared/domain/audit'
import type { Member } from '../../shared/domain'
import type { ReviewThread } from '../../shared/domain'
import { auditLog } from '../db/schema'
import { record } from '../services/audit'
import { lockAndApplySubscriptionState } from '../services/billingWebhooks'
import { TestClient } from '../testing/harness'
import { postFixtures } from '../testing/postFixtures'
import { describeEachDatabase } from '../testing/suite'

type Page = { entries: AuditEntry[]; nextCursor: string | null; actors: { userId: string; name: string }[] }
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }
const PASSWORD = 'correct horse battery staple'

describeEachDatabase('audit log', (t) => {
  /** An organization with its admin, and a member who joined through an invitation. */
  async function organization(name = 'Acme') {
    const admin = new TestClient(t().app)
    const adminAccount = await admin.signup({ fullName: 'Ada Admin' })
    const org = await admin.createOrganization(name)
    const email = `mo-${randomUUID().slice(0, 8)}@example.com`
    const invited = await admin.post<{ member: Member; joinUrl: string }>('/members/invite', { email, role: 'MEMBER' })
    expect(invited.status).toBe(200)
    const member = new TestClient(t().app)
    const joined = await member.post('/join/accept', { token: new URL(invited.body.joinUrl).searchParams.get('token'), fullName: 'Mo Member', password: PASSWORD })
    expect(joined.status).toBe(200)
    const me = await admin.get<{ id: string }>('/user')
    return { admin, adminId: me.body.id, adminEmail: adminAccount.email, org, member, memberId: invited.body.member.id, memberEmail: email }
  }

  const log = async (client: TestClient, query: Record<string, string> = {}) => {
    const res = await client.get<Page & ErrorBody>('/organization/audit-log', query)
    expect(res.status).toBe(200)
    return res.body
  }

  it('records each kind of change with its actor, target, before and after', async () => {
    const o = await organization()
    t().clock.advance(1000)
    expect((await o.admin.put('/members/update', { userId: o.memberId, role: 'ADMIN' })).status).toBe(200)
    expect((await o.admin.put('/members/update', { userId: o.memberId, numberOfPosts: 7 })).status).toBe(200)
    expect((await o.admin.put('/organization/settings/organization/update', { name: 'Acme Two' })).status).toBe(200)
    const tag = await o.admin.post<{ id: string }>('/postTag/create', { tagTitle: 'Launches', tagColor: '#FF0000', assignedUsers: [] })
    expect(tag.status).toBe(200)
    expect((await o.admin.put('/postTag/update', { tagId: tag.body.id, tagTitle: 'Launches', tagColor: '#00ff00', assignedUsers: [o.memberId] })).status).toBe(200)
    expect((await o.admin.delete('/postTag/delete', { tagId: tag.body.id })).status).toBe(200)
    const template = await o.admin.post<{ id: string }>('/ai-template/create', { templateName: 'Crisp', industries: ['Robots'], tone: 'dry', targetAudience: '', instructions: '' })
    expect(template.status).toBe(200)
    expect((await o.admin.put('/ai-template/update', { templateId: template.body.id, tone: 'warm' })).status).toBe(200)
    const page = await o.admin.post<{ id: string }>('/organization/business-pages/create', { linkedInCompanyName: 'Acme Page', linkedInCompanyDescription: '' })
    expect(page.status).toBe(200)
    expect((await o.admin.delete('/organization/business-pages/delete', { businessPageId: page.body.id })).status).toBe(200)
    expect((await o.admin.request('PATCH', '/billing/manage-seats', { body: { newSeatQuantity: 4, memberIdsToCancel: [] } })).status).toBe(200)

    const { entries } = await log(o.admin, { limit: '200' })
    const actions = entries.map((e) => e.action)
    expect(actions).toEqual([
      'billing.seats_changed',
      'business_page.deleted',
      'business_page.created',
      'ai_template.updated',
      'ai_template.created',
      'tag.deleted',
      'tag.updated',
      'tag.created',
      'organization.renamed',
      'member.updated',
      'member.role_changed',
      'member.joined',
      'member.invited',
      'organization.created'
    ])
    const byAction = (action: string) => entries.find((e) => e.action === action)!
    expect(byAction('member.role_changed')).toMatchObject({
      actor: { userId: o.adminId, name: 'Ada Admin' },
      target: { type: 'member', id: o.memberId, label: 'Mo Member' },
      before: { role: 'MEMBER' },
      after: { role: 'ADMIN' }
    })
    expect(byAction('member.updated')).toMatchObject({ before: { assignedNumberOfPosts: 0 }, after: { assignedNumberOfPosts: 7 } })
    expect(Object.keys(byAction('member.updated').after!)).toEqual(['assignedNumberOfPosts'])
    expect(byAction('member.joined')).toMatchObject({ actor: { userId: o.memberId, name: 'Mo Member' }, after: { role: 'MEMBER', status: 'ACTIVE' } })
    expect(byAction('member.invited')).toMatchObject({ target: { label: o.memberEmail }, after: { email: o.memberEmail, role: 'MEMBER' } })
    expect(byAction('organization.renamed')).toMatchObject({ before: { name: 'Acme' }, after: { name: 'Acme Two' } })
    // Ids in the values are shown by name (the people, pages, tags, teams and templates of the organization).
    expect(byAction('tag.updated')).toMatchObject({ before: { color: '#ff0000', assignedUsers: [] }, after: { color: '#00ff00', assignedUsers: ['Mo Member'] } })
    expect(byAction('ai_template.updated')).toMatchObject({ before: { tone: 'dry' }, after: { tone: 'warm' } })
    expect(byAction('business_page.deleted')).toMatchObject({ target: { label: 'Acme Page' }, before: { linkedInCompanyName: 'Acme Page' }, after: null })
    expect(byAction('billing.seats_changed')).toMatchObject({ before: { availableSeats: 5 }, after: { availableSeats: 4 } })
    expect(entries[0]!.createdAt).toBe(t().clock.now().toISOString())
  })

  it('records teams, approvals and rejections, and the system’s plan changes', async () => {
    const o = await organization()
    const team = await o.admin.multipart<{ id: string }>('POST', '/team/create', {
      name: 'Writers',
      members: JSON.stringify([o.adminId, o.memberId]),
      teamLeaders: JSON.stringify([o.adminId])
    })
    expect(team.status).toBe(200)
    expect((await o.admin.multipart('PUT', '/team/update', { id: team.body.id, name: 'Editors', members: JSON.stringify([o.adminId]), teamLeaders: JSON.stringify([o.adminId]) })).status).toBe(200)
    expect((await o.admin.delete('/team/delete', { teamId: team.body.id })).status).toBe(200)
    const teams = (await log(o.admin, { action: 'team.' })).entries
    expect(teams.map((e) => e.action)).toEqual(['team.deleted', 'team.updated', 'team.created'])
    const nameOf = (id: string) => (id === o.adminId ? 'Ada Admin' : 'Mo Member')
    expect(teams[2]).toMatchObject({ target: { label: 'Writers' }, after: { name: 'Writers', members: [o.adminId, o.memberId].sort().map(nameOf), leaders: ['Ada Admin'] } })
    expect(teams[1]).toMatchObject({ before: { name: 'Writers', members: [o.adminId, o.memberId].sort().map(nameOf) }, after: { name: 'Editors', members: ['Ada Admin'] } })
    // The CSV keeps the ids as they were stored.
    const csv = await o.admin.get<string>('/organization/audit-log', { format: 'csv', action: 'team.' })
    expect(String(csv.body)).toContain(o.memberId)

    // A Stripe webhook's state: the system is the actor.
    expect(await lockAndApplySubscriptionState(t().db, {
      organizationId: o.org.id,
      priceId: 'entry-monthly',
      quantity: 6,
      status: 'active',
      currentPeriodEnd: new Date(t().clock.now().getTime() + 30 * 86_400_000),
      trialEndsAt: null,
      endsAt: null,
      cancelAtPeriodEnd: false,
      customerId: 'cus_audit',
      subscriptionId: 'sub_audit',
      observedAt: t().clock.now()
    }, t().clock.now())).toBe('applied')
    const [plan] = (await log(o.admin, { action: 'billing.' })).entries
    expect(plan).toMatchObject({ action: 'billing.plan_changed', actor: null, before: { priceId: null, availableSeats: 5, status: 'trialing' }, after: { plan: 'Entry Seat', priceId: 'entry-monthly', availableSeats: 6, status: 'active' } })

    // Approvals: the admin approves one post of a member whose posts need approval and rejects another.
    const f = postFixtures(t)
    const ada = await f.connectedOrg('Ada Approver')
    const mia = await f.addMember(ada, 'Mia Writer')
    await f.connect(mia)
    expect((await ada.client.put('/members/update', { userId: mia.userId, userApprovalFlow: true })).status).toBe(200)
    for (const [text, decision] of [['Approve me', 'approve'], ['Reject me', 'reject']] as const) {
      const post = await f.create(mia, { text })
      const sent = await mia.client.post<ReviewThread>('/review/submit', { postId: post.id, version: post.version })
      expect(sent.status).toBe(200)
      const decided = await ada.client.post('/review/' + decision, decision === 'approve' ? { postId: post.id, version: sent.body.post.version } : { postId: post.id, reason: 'Off brand.' })
      expect(decided.status).toBe(200)
    }
    const decisions = (await log(ada.client, { action: 'post.' })).entries
    expect(decisions).toMatchObject([
      { action: 'post.rejected', actor: { userId: ada.userId, name: 'Ada Approver' }, target: { type: 'post', label: 'Reject me' }, after: { approvalStatus: 'REJECTED', reason: 'Off brand.' } },
      { action: 'post.approved', target: { label: 'Approve me' }, before: { approvalStatus: 'PENDING' }, after: { approvalStatus: 'APPROVED' } }
    ])
    // The rejected draft stayed a draft: no "DRAFT → DRAFT" in its entry.
    expect(decisions[0]!.before).toEqual({ approvalStatus: 'PENDING' })
    expect(decisions[0]!.after).toEqual({ approvalStatus: 'REJECTED', reason: 'Off brand.' })
  })

  it('a change that fails writes no entry, and an entry rolls back with its change', async () => {
    const o = await organization()
    const before = (await log(o.admin)).entries.length
    // The last admin cannot step down: refused inside the transaction, nothing recorded.
    const refused = await o.admin.put<ErrorBody>('/members/update', { userId: o.adminId, role: 'MEMBER' })
    expect(refused.status).toBe(409)
    const duplicate = await o.admin.post<ErrorBody>('/members/invite', { email: o.memberEmail, role: 'MEMBER' })
    expect(duplicate.status).toBe(409)
    expect((await log(o.admin)).entries.length).toBe(before)

    await expect(
      t().db.transaction(async (tx) => {
        await record(tx, {
          organizationId: o.org.id,
          at: t().clock.now(),
          actor: { userId: o.adminId },
          action: 'organization.renamed',
          target: { type: 'organization', id: o.org.id, label: 'Never' },
          after: { name: 'Never' }
        })
        throw new Error('the change failed')
      })
    ).rejects.toThrow('the change failed')
    expect((await log(o.admin)).entries.length).toBe(before)
  })

  it("names an API key's change \"API key <name>\" with no person, and the system's as the system", async () => {
    const o = await organization()
    const keyId = '00000000-0000-4000-8000-00000000a11e'
    await t().db.transaction(async (tx) => {
      await record(tx, { organizationId: o.org.id, at: t().clock.now(), actor: { apiKey: { id: keyId, name: 'CRM sync' } }, action: 'organization.renamed', target: { type: 'organization', id: o.org.id, label: 'By key' } })
      await record(tx, { organizationId: o.org.id, at: t().clock.now(), actor: 'system', action: 'organization.renamed', target: { type: 'organization', id: o.org.id, label: 'By system' } })
    })
    const { entries } = await log(o.admin)
    expect(entries.find((e) => e.target.label === 'By key')?.actor).toEqual({ userId: null, name: 'API key CRM sync' })
    expect(entries.find((e) => e.target.label === 'By system')?.actor).toBeNull()
  })

  it('is for admins of the organization only, and entries outlive the actor', async () => {
    const o = await organization()
    const forbidden = await o.member.get<ErrorBody>('/organization/audit-log')
    expect(forbidden.status).toBe(403)
    const csvForbidden = await o.member.get<ErrorBody>('/organization/audit-log', { format: 'csv' })
    expect(csvForbidden.status).toBe(403)
    expect((await new TestClient(t().app).get<ErrorBody>('/organization/audit-log')).status).toBe(401)

    // Another organization's admin sees only their own entries, whatever the filter names.
    const other = await organization('Other')
    const theirs = await log(other.admin, { actorId: o.adminId })
    expect(theirs.entries).toEqual([])
    const all = await log(other.admin, { limit: '200' })
    expect(all.entries.every((e) => e.actor === null || [other.adminId, other.memberId].includes(e.actor.userId ?? ''))).toBe(true)

    // The member changes a tag as a promoted admin, then is removed: the entries keep their name.
    expect((await o.admin.put('/members/update', { userId: o.memberId, role: 'ADMIN' })).status).toBe(200)
    expect((await o.member.post('/postTag/create', { tagTitle: 'Mo tag', tagColor: '#123456', assignedUsers: [] })).status).toBe(200)
    expect((await o.admin.delete('/members/delete', { userId: o.memberId })).status).toBe(200)
    const after = await log(o.admin, { actorId: o.memberId })
    expect(after.entries.map((e) => [e.action, e.actor?.name])).toEqual([
      ['tag.created', 'Mo Member'],
      ['member.joined', 'Mo Member']
    ])
    const removed = (await log(o.admin, { action: 'member.removed' })).entries
    expect(removed).toMatchObject([{ target: { id: o.memberId, label: o.memberEmail }, before: { role: 'ADMIN', status: 'ACTIVE' } }])
    expect((await log(o.admin)).actors.map((a) => a.userId)).toEqual([o.adminId])

    // Nobody can edit or delete entries: the log has no such endpoint.
    expect((await o.admin.delete('/organization/audit-log')).status).toBe(404)
    expect((await o.admin.put('/organization/audit-log', {})).status).toBe(404)
  })

  it('filters by actor, action group and period; pages newest first; exports CSV', async () => {
    const o = await organization()
    const start = t().clock.now()
    for (let i = 0; i < 5; i++) {
      t().clock.advance(60_000)
      expect((await o.admin.post('/postTag/create', { tagTitle: `=Tag ${i}`, tagColor: '#123456', assignedUsers: [] })).status).toBe(200)
    }
    const tags = await log(o.admin, { action: 'tag.', limit: '2' })
    expect(tags.entries.map((e) => e.target.label)).toEqual(['=Tag 4', '=Tag 3'])
    const next = await log(o.admin, { action: 'tag.', limit: '2', cursor: tags.nextCursor! })
    expect(next.entries.map((e) => e.target.label)).toEqual(['=Tag 2', '=Tag 1'])
    const last = await log(o.admin, { action: 'tag.', limit: '2', cursor: next.nextCursor! })
    expect(last.entries.map((e) => e.target.label)).toEqual(['=Tag 0'])
    expect(last.nextCursor).toBeNull()

    const period = await log(o.admin, {
      from: new Date(start.getTime() + 2 * 60_000).toISOString(),
      to: new Date(start.getTime() + 4 * 60_000).toISOString()
    })
    expect(period.entries.map((e) => e.target.label)).toEqual(['=Tag 2', '=Tag 1'])
    expect((await log(o.admin, { actorId: o.memberId })).entries.map((e) => e.action)).toEqual(['member.joined'])
    expect((await log(o.admin, { actorId: 'not-a-uuid' })).entries).toEqual([])

    const bad = await o.admin.get<ErrorBody>('/organization/audit-log', { action: 'member.hacked', limit: '201', cursor: 'x' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(['action', 'cursor', 'limit'])

    const csv = await o.admin.get<string>('/organization/audit-log', { format: 'csv', action: 'tag.' })
    expect(csv.status).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    const rows = parse(csv.body) as string[][]
    expect(rows[0]).toEqual(['Time (UTC)', 'Actor', 'Actor id', 'Action', 'Action name', 'Target type', 'Target id', 'Target', 'Before', 'After'])
    expect(rows.slice(1).map((r) => r[7])).toEqual(["'=Tag 4", "'=Tag 3", "'=Tag 2", "'=Tag 1", "'=Tag 0"])
    expect(rows[1]!.slice(1, 6)).toEqual(['Ada Admin', o.adminId, 'tag.created', 'Topic tag created', 'tag'])
    expect(JSON.parse(rows[1]![9]!)).toMatchObject({ title: '=Tag 4' })
  })

  it('a page of a 100,000-entry log walks an index, not the table', async () => {
    const o = await organization()
    await t().db.execute(sql`
      insert into audit_log (organization_id, actor_user_id, actor_name, action, target_type, target_id, target_label, created_at)
      select case when g % 10 = 0 then ${o.org.id}::uuid else gen_random_uuid() end, null, 'System', 'billing.subscription_changed', 'subscription', null, 'Plan',
             timestamptz '2026-01-01T00:00:00Z' + g * interval '1 second'
      from generate_series(1, 100000) g`)
    await t().db.execute(sql`analyze audit_log`)
    const first = await log(o.admin, { limit: '200' })
    expect(first.entries).toHaveLength(200)
    const second = await log(o.admin, { limit: '200', cursor: first.nextCursor! })
    expect(new Date(second.entries[0]!.createdAt).getTime()).toBeLessThan(new Date(first.entries[199]!.createdAt).getTime())

    const [at, id] = first.nextCursor!.split('_')
    const plan = await t().db.execute(sql`
      explain select * from ${auditLog}
      where organization_id = ${o.org.id} and (created_at < ${at}::timestamptz or (created_at = ${at}::timestamptz and id < ${Number(id)}))
      order by created_at desc, id desc limit 201`)
    const text = (plan as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n')
    expect(text).toMatch(/Index Scan Backward using audit_log_org_created_idx|Index Scan using audit_log_org_created_idx/)
    expect(text).not.toMatch(/Seq Scan/)
  }, 60_000)
})

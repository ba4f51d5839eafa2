import { expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { User } from '../../shared/domain'
import { GUIDELINE_MAX, GUIDELINE_MESSAGES, type Guideline, type GuidelineReaders } from '../../shared/domain/guideline'
import type { AuditEntry } from '../../shared/domain/audit'
import { subscriptions } from '../db/schema'
import { expectError, postFixtures } from '../testing/postFixtures'
import { describeEachDatabase } from '../testing/suite'

describeEachDatabase('posting guideline', (t) => {
  const { newOrg, addMember } = postFixtures(t)
  const MINUTE = 60_000

  it('an admin writes it; each member is asked until they read it, and again after a change that asks', async () => {
    const admin = await newOrg('Ada Admin')
    const max = await addMember(admin, 'Max Member')
    const gus = await addMember(admin, 'Gus Ghost', 'GHOST')

    // Nothing written yet: nothing to read.
    expect(await max.client.get<Guideline>('/organization/guideline')).toMatchObject({ status: 200, body: { guideline: null, read: true, readAt: null } })
    expect((await max.client.get<User>('/user')).body.guidelineRead).toBe(true)

    const saved = await admin.client.put<Guideline>('/organization/guideline/update', { guideline: '  # Our guideline\n\nBe kind.  ' })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ guideline: '# Our guideline\n\nBe kind.', read: true, updatedAt: t().clock.now().toISOString() })
    // The admin who wrote it has read it; the others have not.
    expect((await admin.client.get<User>('/user')).body.guidelineRead).toBe(true)
    expect((await max.client.get<User>('/user')).body.guidelineRead).toBe(false)
    expect((await max.client.get<Guideline>('/organization/guideline')).body).toMatchObject({ guideline: '# Our guideline\n\nBe kind.', read: false, readAt: null })

    t().clock.advance(MINUTE)
    const read = await max.client.put<User>('/user/update-guideline-read-status')
    expect(read.status).toBe(200)
    expect(read.body.guidelineRead).toBe(true)
    const readAt = t().clock.now().toISOString()
    expect((await max.client.get<Guideline>('/organization/guideline')).body).toMatchObject({ read: true, readAt })

    let readers = await admin.client.get<GuidelineReaders>('/organization/guideline/readers')
    expect(readers.status).toBe(200)
    expect(readers.body.readers.map((r) => [r.fullName, r.read])).toEqual([
      ['Ada Admin', true],
      ['Gus Ghost', false],
      ['Max Member', true]
    ])

    // A typo fixed without asking again keeps the readings.
    t().clock.advance(MINUTE)
    await admin.client.put('/organization/guideline/update', { guideline: '# Our guideline\n\nBe kind!', askToReread: false })
    expect((await max.client.get<User>('/user')).body.guidelineRead).toBe(true)

    // A change that asks: Max must read it again.
    t().clock.advance(MINUTE)
    await admin.client.put('/organization/guideline/update', { guideline: '# Our guideline\n\nBe kind. Never share customer names.' })
    expect((await max.client.get<User>('/user')).body.guidelineRead).toBe(false)
    readers = await admin.client.get<GuidelineReaders>('/organization/guideline/readers')
    expect(readers.body.readers.find((r) => r.fullName === 'Max Member')).toMatchObject({ read: false, readAt })

    // read: false withdraws the reading.
    await gus.client.put('/user/update-guideline-read-status')
    expect((await gus.client.get<User>('/user')).body.guidelineRead).toBe(true)
    expect((await gus.client.put<User>('/user/update-guideline-read-status', { read: false })).body.guidelineRead).toBe(false)

    // Removing it: nothing left to read.
    await admin.client.put('/organization/guideline/update', { guideline: '' })
    expect((await max.client.get<Guideline>('/organization/guideline')).body).toMatchObject({ guideline: null, read: true })
    expect((await max.client.get<User>('/user')).body.guidelineRead).toBe(true)

    const audit = await admin.client.get<{ entries: AuditEntry[] }>('/organization/audit-log?action=guideline.')
    const actions = (audit.body.entries ?? []).map((e) => e.action)
    expect(actions).toEqual(['guideline.removed', 'guideline.updated', 'guideline.updated', 'guideline.created'])
  })

  it('only admins write it and see who read it; members and other organizations cannot', async () => {
    const admin = await newOrg()
    const member = await addMember(admin)
    const ghost = await addMember(admin, 'Gus Ghost', 'GHOST')
    expectError(await member.client.put('/organization/guideline/update', { guideline: 'Mine now' }), 403, GUIDELINE_MESSAGES.onlyAdmins)
    expect((await member.client.get('/organization/guideline/readers')).status).toBe(403)
    // GHOST is an admin role (spec §6).
    expect((await ghost.client.put('/organization/guideline/update', { guideline: 'Written by a ghost' })).status).toBe(200)

    const other = await newOrg('Olga Other')
    expect((await other.client.get<Guideline>('/organization/guideline')).body.guideline).toBeNull()
    expect((await other.client.get<GuidelineReaders>('/organization/guideline/readers')).body.readers.map((r) => r.fullName)).toEqual(['Olga Other'])

    const anonymous = await newOrg()
    await anonymous.client.get('/auth/logout')
    expect((await anonymous.client.get('/organization/guideline')).status).toBe(401)
  })

  it('refuses what is too long or not text, and answers 402 without POLICY_PAGE', async () => {
    const admin = await newOrg()
    expectError(await admin.client.put('/organization/guideline/update', { guideline: 'x'.repeat(GUIDELINE_MAX + 1) }), 400, GUIDELINE_MESSAGES.tooLong, 'guideline')
    expect((await admin.client.put('/organization/guideline/update', { guideline: 42 })).status).toBe(400)
    expect((await admin.client.put('/organization/guideline/update', { guideline: 'ok', askToReread: 'yes' })).status).toBe(400)
    expect((await admin.client.put('/organization/guideline/update', { guideline: '\ud800 lone' })).status).toBe(400)
    expect((await admin.client.get<Guideline>('/organization/guideline')).body.guideline).toBeNull()

    // An expired subscription grants nothing (services/entitlements.ts).
    await t().db.update(subscriptions).set({ status: 'expired' }).where(eq(subscriptions.organizationId, admin.organizationId))
    expectError(await admin.client.get('/organization/guideline'), 402, GUIDELINE_MESSAGES.notInPlan)
    expectError(await admin.client.put('/organization/guideline/update', { guideline: 'x' }), 402, GUIDELINE_MESSAGES.notInPlan)
  })
})

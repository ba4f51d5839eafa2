import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PLANS } from '../../../shared/constants'
import { manualClock } from '../../testing/clock'
import type { DatabaseHandle } from '../../db/client'
import { billingPortalTokens, organizations } from '../../db/schema'
import { startTrial } from '../../services/subscriptions'
import { createTestDatabase } from '../../testing/harness'
import { baseFromReturnUrl, createBuiltinProvider, hashPortalToken, organizationOfPortalToken, PORTAL_TOKEN_TTL_MS } from './builtin'

describe('built-in billing provider', () => {
  let handle: DatabaseHandle
  const clock = manualClock('2026-04-01T10:00:00.000Z')
  const organizationId = randomUUID()

  beforeAll(async () => {
    handle = await createTestDatabase('pglite')
    const now = clock.now()
    await handle.db.insert(organizations).values({ id: organizationId, organizationWorkOSId: 'org_builtin_test', name: 'Acme', createdAt: now, updatedAt: now })
    await startTrial(handle.db, organizationId, now)
  })
  afterAll(async () => {
    await handle?.close()
  })

  const provider = () => createBuiltinProvider({ db: handle.db, clock })

  it('completes checkouts at once, accepts seat changes and has no pricing table', async () => {
    const p = provider()
    expect(p.kind).toBe('builtin')
    const plan = PLANS[1]!
    const subscription = (await handle.db.query.subscriptions.findFirst())!
    const result = await p.checkout({
      organizationId,
      organizationName: 'Acme',
      customerEmail: 'a@example.com',
      plan,
      variant: plan.variants[0]!,
      seatQuantity: 5,
      existing: subscription,
      successUrl: 'http://localhost/settings/billing?checkout=success',
      cancelUrl: 'http://localhost/settings/billing?checkout=cancelled'
    })
    expect(result).toEqual({ kind: 'completed' })
    await expect(p.updateSeats({ subscription, quantity: 9 })).resolves.toBeUndefined()
    expect(p.pricingTable()).toBeNull()
  })

  it('signs one-hour portal links under the app base address and stores only the token hash', async () => {
    const subscription = (await handle.db.query.subscriptions.findFirst())!
    const url = await provider().portalUrl({ subscription, organizationId, returnUrl: 'https://pc.example/app/settings/billing' })
    const match = /^https:\/\/pc\.example\/app\/api\/billing\/portal\?token=([A-Za-z0-9_-]{43})$/.exec(url)
    expect(match).not.toBeNull()
    const token = match![1]!
    const rows = await handle.db.select().from(billingPortalTokens).where(eq(billingPortalTokens.organizationId, organizationId))
    expect(rows.map((r) => r.tokenHash)).toContain(hashPortalToken(token))
    expect(rows.some((r) => r.tokenHash === token)).toBe(false)
    const row = rows.find((r) => r.tokenHash === hashPortalToken(token))!
    expect(row.expiresAt.getTime() - clock.now().getTime()).toBe(PORTAL_TOKEN_TTL_MS)

    expect(await organizationOfPortalToken(handle.db, token, clock.now())).toBe(organizationId)
    expect(await organizationOfPortalToken(handle.db, token, new Date(clock.now().getTime() + PORTAL_TOKEN_TTL_MS - 1))).toBe(organizationId)
    expect(await organizationOfPortalToken(handle.db, token, new Date(clock.now().getTime() + PORTAL_TOKEN_TTL_MS))).toBeNull()
    expect(await organizationOfPortalToken(handle.db, 'A'.repeat(43), clock.now())).toBeNull()
    expect(await organizationOfPortalToken(handle.db, `${token}x`, clock.now())).toBeNull()
    expect(await organizationOfPortalToken(handle.db, ['x'], clock.now())).toBeNull()
    expect(await organizationOfPortalToken(handle.db, undefined, clock.now())).toBeNull()
  })

  it('drops the organization’s expired links when it makes a new one', async () => {
    const subscription = (await handle.db.query.subscriptions.findFirst())!
    clock.advance(2 * PORTAL_TOKEN_TTL_MS)
    await provider().portalUrl({ subscription, organizationId, returnUrl: 'http://127.0.0.1:4680/settings/billing' })
    const rows = await handle.db.select().from(billingPortalTokens).where(eq(billingPortalTokens.organizationId, organizationId))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.expiresAt.getTime()).toBeGreaterThan(clock.now().getTime())
  })

  it('finds the base address of a return URL', () => {
    expect(baseFromReturnUrl('http://127.0.0.1:4680/settings/billing')).toBe('http://127.0.0.1:4680')
    expect(baseFromReturnUrl('https://pc.example/app/settings/billing')).toBe('https://pc.example/app')
    expect(baseFromReturnUrl('https://pc.example/elsewhere')).toBe('https://pc.example')
  })
})

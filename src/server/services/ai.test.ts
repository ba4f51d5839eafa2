import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../shared/api/messages'
import type { User } from '../../shared/domain'
import { AiProviderError, AiRateLimitedError, type DraftInput, type IdeaGenerator, type IdeaInput } from '../adapters/ai/ai'
import { aiGenerations } from '../db/schema'
import { ApiError } from '../errors'
import type { OrganizationSession } from './sessions'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'
import { createAiService, providerFailure } from './ai'
import { lockOrganization } from './access'
import { createEntitlementService } from './entitlements'

const idea = { title: 'Three lessons', angle: 'What we learned', hook: 'We got it wrong first.', postType: 'textOnly' as const }

describe('providerFailure', () => {
  it('answers an unavailable provider with the try-again message, other provider failures with their own, and leaves bugs alone', () => {
    const down = providerFailure(new AiProviderError('The AI provider is not available right now.', { status: 503, unavailable: true }))
    expect(down).toBeInstanceOf(ApiError)
    expect((down as ApiError).toBody()).toEqual({ error: { code: 'bad_gateway', message: MESSAGES.aiUnavailable } })
    expect((down as ApiError).statusCode).toBe(502)

    const badKey = providerFailure(new AiProviderError('Ask your administrator to check the AI settings.', { status: 401 })) as ApiError
    expect([badKey.statusCode, badKey.message]).toEqual([502, 'Ask your administrator to check the AI settings.'])
    const busy = providerFailure(new AiRateLimitedError(20)) as ApiError
    expect([busy.statusCode, busy.message]).toEqual([502, new AiRateLimitedError().message])

    const bug = new TypeError('x is undefined')
    expect(providerFailure(bug)).toBe(bug)
  })
})

describeEachDatabase('AI service', (t) => {
  async function newOrg(): Promise<OrganizationSession> {
    t().clock.set('2026-03-10T10:00:00.000Z')
    const client = new TestClient(t().app)
    const account = await client.signup()
    const org = await client.createOrganization('Acme', { industry: 'Robotics' })
    const user = (await client.get<User>('/user')).body
    return {
      tokenHash: 'unused',
      userId: user.id,
      email: account.email,
      expiresAt: new Date('2026-04-01T00:00:00.000Z'),
      organization: { id: org.id, organizationWorkOSId: org.organizationWorkOSId, role: 'ADMIN' }
    }
  }

  const generationCount = async (organizationId: string) =>
    Number((await t().db.select({ n: count() }).from(aiGenerations).where(eq(aiGenerations.organizationId, organizationId)))[0]?.n ?? 0)

  function serviceWith(generator: IdeaGenerator) {
    const { db, clock } = t()
    return createAiService({ db, clock, entitlements: createEntitlementService(db, clock), generator })
  }

  it('runs the generator after the reservation is committed and without holding the organization lock', async () => {
    const session = await newOrg()
    const organizationId = session.organization.id
    let seenDuringGeneration = -1
    const service = serviceWith({
      kind: 'offline',
      async ideas() {
        seenDuringGeneration = await generationCount(organizationId)
        // Another writer can take the organization lock meanwhile (a generator inside the reserving
        // transaction would block it on PostgreSQL and deadlock PGlite's single connection).
        await t().db.transaction((tx) => lockOrganization(tx, organizationId))
        return [idea]
      },
      draft: () => Promise.reject(new Error('not used'))
    })
    const result = await service.ideas(session, { count: 3 })
    expect(seenDuringGeneration).toBe(1)
    expect(result).toEqual({ ideas: [idea], usage: { used: 1, limit: 0 } })
  })

  it('passes the count, keeps a given seed and draws a fresh one otherwise', async () => {
    const session = await newOrg()
    const inputs: (IdeaInput | DraftInput)[] = []
    const service = serviceWith({
      kind: 'openai',
      async ideas(input) {
        inputs.push(input)
        return [idea]
      },
      async draft(input) {
        inputs.push(input)
        return { text: 'A post', hashtags: [] }
      }
    })
    await service.ideas(session, { count: 7, seed: 'mine' })
    await service.ideas(session, { count: 5 })
    await service.ideas(session, { count: 5 })
    await service.draft(session, { idea: { ...idea, postType: 'videos' } })
    expect(inputs[0]).toMatchObject({ count: 7, seed: 'mine', postType: 'textOnly', template: { industries: ['Robotics'] }, topic: null, targetAudience: null })
    expect(inputs[1]!.seed).toBeTruthy()
    expect(inputs[2]!.seed).not.toBe(inputs[1]!.seed)
    expect(inputs[3]).toMatchObject({ idea: { ...idea, postType: 'videos' }, postType: 'videos' })
    const rows = await t().db.select().from(aiGenerations).where(eq(aiGenerations.organizationId, session.organization.id))
    expect(rows.map((r) => `${r.kind}/${r.provider}`).sort()).toEqual(['draft/openai', 'ideas/openai', 'ideas/openai', 'ideas/openai'])
  })

  it('releases the reservation when the generator fails, whatever the failure', async () => {
    const session = await newOrg()
    const bug = new TypeError('x is undefined')
    const service = serviceWith({
      kind: 'openai',
      ideas: () => Promise.reject(new AiProviderError('down', { unavailable: true })),
      draft: () => Promise.reject(bug)
    })
    await expect(service.ideas(session, { count: 5 })).rejects.toMatchObject({ statusCode: 502, message: MESSAGES.aiUnavailable })
    await expect(service.draft(session, { idea })).rejects.toBe(bug)
    expect(await generationCount(session.organization.id)).toBe(0)
  })
})

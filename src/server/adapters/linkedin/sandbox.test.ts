import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { manualClock } from '../../clock'
import { LinkedInTimeoutError, LinkedInValidationError, TokenExpiredError, isKnownSafeFailure, type PublishInput } from './linkedin'
import { createLinkedInSandbox, sandboxMetrics } from './sandbox'

const lookup = (idempotencyKey: string) => ({
  idempotencyKey,
  author: { kind: 'person' as const, id: 'member-1' },
  text: 'Hello',
  since: new Date(0),
  accessToken: { token: 't', expiresAt: null }
})

const input = (overrides: Partial<PublishInput> = {}): PublishInput => ({
  author: { kind: 'person', id: 'member-1' },
  text: 'Hello LinkedIn',
  type: 'textOnly',
  idempotencyKey: randomUUID(),
  accessToken: { token: 't', expiresAt: null },
  ...overrides
})

describe('LinkedIn sandbox', () => {
  it('keeps what it was sent, issues share urns and publishes an idempotency key once', async () => {
    const sandbox = createLinkedInSandbox({ clock: manualClock() })
    const first = await sandbox.publish(input({ idempotencyKey: 'k1' }))
    expect(first.urn).toMatch(/^urn:li:share:\d+$/)
    expect(await sandbox.publish(input({ idempotencyKey: 'k1', text: 'again' }))).toEqual(first)
    const second = await sandbox.publish(input({ idempotencyKey: 'k2', author: { kind: 'organization', id: 'page-1' } }))
    expect(second.urn).not.toBe(first.urn)
    expect(sandbox.posts.map((p) => [p.idempotencyKey, p.text, p.author.kind])).toEqual([
      ['k1', 'Hello LinkedIn', 'person'],
      ['k2', 'Hello LinkedIn', 'organization']
    ])
    expect(sandbox.publishCalls).toBe(3)
    expect(await sandbox.findPublished(lookup('k2'))).toEqual(second)
    expect(await sandbox.findPublished(lookup('nope'))).toBeNull()
  })

  it('rejects expired tokens and invalid content (known-safe), fails and times out when told', async () => {
    const clock = manualClock('2026-01-01T10:00:00Z')
    const sandbox = createLinkedInSandbox({ clock })
    const expired = sandbox.publish(input({ accessToken: { token: 't', expiresAt: new Date('2026-01-01T10:00:00Z') } }))
    await expect(expired).rejects.toBeInstanceOf(TokenExpiredError)
    await expect(sandbox.publish(input({ type: 'poll', poll: { question: 'Q', options: ['only'] } }))).rejects.toBeInstanceOf(LinkedInValidationError)
    sandbox.failNext('validation', 'Text too long')
    await expect(sandbox.publish(input())).rejects.toThrowError('Text too long')
    sandbox.failNext('error')
    const error = await sandbox.publish(input()).catch((e: unknown) => e)
    expect(isKnownSafeFailure(error)).toBe(false)
    sandbox.timeoutNext(1)
    await expect(sandbox.publish(input())).rejects.toBeInstanceOf(LinkedInTimeoutError)
    expect(sandbox.posts).toHaveLength(0)
    // Accepted, then the answer is lost: the post exists although the caller saw a timeout.
    sandbox.acceptThenTimeoutNext()
    const key = randomUUID()
    await expect(sandbox.publish(input({ idempotencyKey: key }))).rejects.toBeInstanceOf(LinkedInTimeoutError)
    expect(sandbox.posts).toHaveLength(1)
    expect(await sandbox.findPublished(lookup(key))).toEqual({ urn: sandbox.posts[0]!.urn })
  })

  it('reports metrics that grow with the time since publishing, deterministically', async () => {
    const clock = manualClock('2026-01-01T10:00:00Z')
    const sandbox = createLinkedInSandbox({ clock })
    const { urn } = await sandbox.publish(input())
    const at = (hours: number) => sandbox.metrics(urn, new Date(clock.now().getTime() + hours * 3_600_000))
    expect(await at(0)).toEqual({ impressions: 0, reactions: 0, comments: 0 })
    const series = [await at(1), await at(24), await at(24 * 7), await at(24 * 30)]
    for (let i = 1; i < series.length; i++) {
      expect(series[i]!.impressions).toBeGreaterThan(series[i - 1]!.impressions)
      expect(series[i]!.reactions).toBeGreaterThanOrEqual(series[i - 1]!.reactions)
      expect(series[i]!.comments).toBeGreaterThanOrEqual(series[i - 1]!.comments)
    }
    expect(series[3]!.reactions).toBeGreaterThan(0)
    expect(await at(24)).toEqual(sandboxMetrics(urn, 24 * 3_600_000))
    await expect(sandbox.metrics('urn:li:share:0', clock.now())).rejects.toThrow()
  })
})

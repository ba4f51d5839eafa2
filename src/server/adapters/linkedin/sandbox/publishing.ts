import { randomUUID } from 'node:crypto'
import { LinkedInTimeoutError, LinkedInValidationError, TokenExpiredError, type PublishInput, type PublishMedia } from '../linkedin'
import type { SandboxMedia, SandboxPost, SandboxState } from './types'

/* Publishing to the sandbox: its checks, its failures on request, its idempotency keys (docs/architecture.md, "Writing and publishing"). */

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve())

async function receive(media: PublishMedia): Promise<SandboxMedia> {
  let size = 0
  for await (const chunk of await media.open()) size += (chunk as Buffer).length
  if (size !== media.size) throw new LinkedInValidationError(`${media.fileName}: received ${size} of ${media.size} bytes`)
  return { kind: media.kind, fileName: media.fileName, contentType: media.contentType, size, altText: media.altText }
}

async function store(state: SandboxState, input: PublishInput): Promise<SandboxPost> {
  const { byKey, byUrn, stored, clock } = state
  const existing = byKey.get(input.idempotencyKey)
  if (existing) return existing
  const media: SandboxMedia[] = []
  for (const item of input.media ?? []) media.push(await receive(item))
  const again = byKey.get(input.idempotencyKey)
  if (again) return again
  const post: SandboxPost = {
    urn: `urn:li:share:${BigInt(`0x${randomUUID().replace(/-/g, '').slice(0, 15)}`).toString()}`,
    author: input.author,
    text: input.text,
    type: input.type,
    poll: input.poll ?? null,
    media,
    idempotencyKey: input.idempotencyKey,
    publishedAt: clock.now(),
    reshareOf: input.reshareOf ?? null
  }
  stored.push(post)
  byKey.set(post.idempotencyKey, post)
  byUrn.set(post.urn, post)
  return post
}

/** `latencyMs` is the sandbox's own, read once per call. */
export async function publish(state: SandboxState, latencyMs: () => number, input: PublishInput): Promise<{ urn: string }> {
  const { clock } = state
  state.calls++
  const next = state.pending.shift()
  await sleep(latencyMs())
  if (input.accessToken.expiresAt && input.accessToken.expiresAt.getTime() <= clock.now().getTime()) {
    throw new TokenExpiredError()
  }
  if (next?.kind === 'fail') {
    if (next.failure === 'tokenExpired') throw new TokenExpiredError(next.message)
    if (next.failure === 'validation') throw new LinkedInValidationError(next.message)
    throw new Error(next.message ?? 'LinkedIn sandbox: internal error')
  }
  if (next?.kind === 'timeout') {
    await sleep(next.ms)
    throw new LinkedInTimeoutError()
  }
  // A reshare may go without a comment (LinkedIn's "Repost"); it carries nothing but its text.
  if (!input.text.trim() && input.type === 'textOnly' && !input.reshareOf) throw new LinkedInValidationError('A text post needs text')
  if (input.reshareOf && (input.type !== 'textOnly' || (input.media ?? []).length > 0 || input.poll)) {
    throw new LinkedInValidationError('A reshare carries its commentary only')
  }
  if (input.type === 'poll' && (!input.poll || input.poll.options.length < 2)) {
    throw new LinkedInValidationError('A poll needs at least two options')
  }
  const post = await store(state, input)
  if (next?.kind === 'acceptThenTimeout') {
    await sleep(next.ms)
    throw new LinkedInTimeoutError()
  }
  return { urn: post.urn }
}

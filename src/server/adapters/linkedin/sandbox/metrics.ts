import { createHash } from 'node:crypto'
import type { PostMetrics } from '../linkedin'

/* The sandbox's made-up statistics (docs/architecture.md, "Writing and publishing"). */

/** Deterministic from the urn and the time since publishing; never decreases as time passes. */
export function sandboxMetrics(urn: string, elapsedMs: number): PostMetrics {
  const seed = createHash('sha256').update(urn).digest()
  const rate = 20 + (seed[0]! % 80) // impressions per hour at first
  const hours = Math.max(0, elapsedMs) / 3_600_000
  // Grows fast at first, then slower (logarithmic), like a real post.
  const impressions = Math.floor(rate * 24 * Math.log1p(hours / 24) * 4)
  const reactions = Math.floor(impressions * (0.02 + (seed[1]! % 5) / 100))
  const comments = Math.floor(reactions * (0.1 + (seed[2]! % 3) / 20))
  const reshares = Math.floor(reactions * (0.05 + (seed[3]! % 3) / 50))
  const membersReached = Math.floor(impressions * (0.6 + (seed[4]! % 20) / 100))
  const clicks = Math.floor(impressions * (0.01 + (seed[5]! % 4) / 100))
  return { impressions, membersReached, reactions, comments, reshares, clicks }
}

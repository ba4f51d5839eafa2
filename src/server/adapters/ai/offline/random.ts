import { createHash } from 'node:crypto'

/** Seeded randomness: the same input and seed always give the same ideas and drafts. */

/** A 32-bit seed of everything that shapes the output. */
export function seedOf(parts: unknown): number {
  return createHash('sha256').update(JSON.stringify(parts)).digest().readUInt32LE(0)
}

/** mulberry32: small, fast and fully determined by its seed. */
export function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function pick<T>(items: readonly T[], rnd: () => number): T {
  return items[Math.floor(rnd() * items.length)]!
}

export function shuffled<T>(items: readonly T[], rnd: () => number): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/*
 * The key itself: `pck_<prefix>_<secret>` — the prefix is 8 Crockford base32 characters (the
 * visible, unique part admins see in the list), the secret 32 random bytes in base64url. Only the
 * SHA-256 of the whole key is stored: the secret has 256 bits, so a fast hash is right (no password
 * stretching needed), compared in constant time.
 */

const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const KEY_PREFIX = 'pck_'
const KEY_PATTERN = /^(pck_[0-9A-HJKMNP-TV-Z]{8})_[A-Za-z0-9_-]{43}$/

export function newPrefix(): string {
  let prefix = KEY_PREFIX
  for (const byte of randomBytes(8)) prefix += BASE32[byte & 31]
  return prefix
}

export function newKey(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`
}

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex')

/** The prefix of a well-formed key, else null (nothing else is looked up). */
export function prefixOf(key: string): string | null {
  return KEY_PATTERN.exec(key)?.[1] ?? null
}

/** Whether `key` hashes to `storedHash`, in constant time. */
export function matches(key: string, storedHash: string): boolean {
  const given = Buffer.from(hashKey(key), 'hex')
  const stored = Buffer.from(storedHash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored)
}

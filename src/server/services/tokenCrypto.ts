import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Secrets at rest (LinkedIn access and refresh tokens, PKCE verifiers): AES-256-GCM with a random
 * 96-bit IV per value, stored as `v1:<iv>:<tag>:<ciphertext>` (base64url). Each value is bound to
 * its purpose and row through the GCM additional data, so a ciphertext copied into another row or
 * column does not decrypt.
 *
 * The key is PAGECREW_TOKEN_KEY (32 bytes, base64 or hex). Without it, a key is generated once and
 * kept in <dataDir>/token.key (mode 0600). Several servers sharing one database must share
 * PAGECREW_TOKEN_KEY (or the data folder); a server with another key cannot read the tokens and
 * members have to reconnect LinkedIn.
 */
const TOKEN_KEY_BYTES = 32
export const TOKEN_KEY_FILE = 'token.key'
const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

interface TokenCipher {
  /** `context` names what the value is and whose (e.g. `linkedin-access:<userId>`); decrypt needs the same. */
  encrypt(plaintext: string, context: string): string
  /** Throws TokenDecryptError when the value was altered, has another context or another key made it. */
  decrypt(ciphertext: string, context: string): string
}

export class TokenDecryptError extends Error {
  override name = 'TokenDecryptError'
}

/** 32 bytes from hex (64 characters) or base64/base64url (44 or 43 characters); null when it is neither. */
export function parseTokenKey(value: string): Buffer | null {
  const text = value.trim()
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex')
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const key = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
    if (key.length === TOKEN_KEY_BYTES) return key
  }
  return null
}

/**
 * The configured key, else the one in <dataDir>/token.key, created on first use. Creation is
 * atomic (written aside, then hard-linked into place), so servers starting together on one data
 * folder all end up with the same key.
 */
export function loadTokenKey(options: { tokenKey: string | null; dataDir: string }): Buffer {
  if (options.tokenKey) {
    const key = parseTokenKey(options.tokenKey)
    if (!key) throw new Error('PAGECREW_TOKEN_KEY must be 32 bytes written as base64 or hex.')
    return key
  }
  const file = join(options.dataDir, TOKEN_KEY_FILE)
  const existing = readKeyFile(file)
  if (existing) return existing
  mkdirSync(options.dataDir, { recursive: true })
  const aside = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`
  writeFileSync(aside, `${randomBytes(TOKEN_KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
  try {
    linkSync(aside, file)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  } finally {
    rmSync(aside, { force: true })
  }
  const key = readKeyFile(file)
  if (!key) throw new Error(`${file} does not hold a 32-byte key (base64 or hex).`)
  return key
}

function readKeyFile(file: string): Buffer | null {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
  const key = parseTokenKey(text)
  if (!key) throw new Error(`${file} does not hold a 32-byte key (base64 or hex).`)
  return key
}

/** A cipher over a key, or over a key loader called on first use (no key file until tokens are stored). */
export function createTokenCipher(key: Buffer | (() => Buffer)): TokenCipher {
  let resolved: Buffer | null = typeof key === 'function' ? null : key
  const current = () => {
    resolved ??= (key as () => Buffer)()
    if (resolved.length !== TOKEN_KEY_BYTES) throw new Error('The token key must be 32 bytes.')
    return resolved
  }
  return {
    encrypt(plaintext, context) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', current(), iv)
      cipher.setAAD(Buffer.from(context, 'utf8'))
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':')
    },
    decrypt(ciphertext, context) {
      const parts = ciphertext.split(':')
      if (parts.length !== 4 || parts[0] !== VERSION) throw new TokenDecryptError('Unknown token format.')
      const [, ivText, tagText, dataText] = parts as [string, string, string, string]
      const iv = Buffer.from(ivText, 'base64url')
      const tag = Buffer.from(tagText, 'base64url')
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new TokenDecryptError('Unknown token format.')
      try {
        const decipher = createDecipheriv('aes-256-gcm', current(), iv, { authTagLength: TAG_BYTES })
        decipher.setAAD(Buffer.from(context, 'utf8'))
        decipher.setAuthTag(tag)
        return Buffer.concat([decipher.update(Buffer.from(dataText, 'base64url')), decipher.final()]).toString('utf8')
      } catch (err) {
        throw new TokenDecryptError('The token could not be decrypted (altered, or encrypted with another key).', { cause: err })
      }
    }
  }
}

import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createTokenCipher, loadTokenKey, parseTokenKey, TOKEN_KEY_FILE, TokenDecryptError } from './tokenCrypto'

const key = () => randomBytes(32)

describe('token encryption', () => {
  it('round-trips, with a fresh IV each time and nothing of the plaintext in the stored text', () => {
    const cipher = createTokenCipher(key())
    const secret = 'AQX-linkedin-access-token-éè-😀'
    const a = cipher.encrypt(secret, 'linkedin-access:u1')
    const b = cipher.encrypt(secret, 'linkedin-access:u1')
    expect(a).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/)
    expect(a).not.toBe(b)
    expect(a).not.toContain('linkedin')
    expect(cipher.decrypt(a, 'linkedin-access:u1')).toBe(secret)
    expect(cipher.decrypt(b, 'linkedin-access:u1')).toBe(secret)
  })

  it('refuses an altered ciphertext, tag or IV', () => {
    const cipher = createTokenCipher(key())
    const stored = cipher.encrypt('token-value', 'ctx')
    const [v, iv, tag, data] = stored.split(':') as [string, string, string, string]
    const flip = (text: string) => {
      const bytes = Buffer.from(text, 'base64url')
      bytes[0] = bytes[0]! ^ 1
      return bytes.toString('base64url')
    }
    for (const altered of [
      [v, iv, tag, flip(data)],
      [v, iv, flip(tag), data],
      [v, flip(iv), tag, data]
    ]) {
      expect(() => cipher.decrypt(altered.join(':'), 'ctx')).toThrow(TokenDecryptError)
    }
    expect(() => cipher.decrypt(`v2:${iv}:${tag}:${data}`, 'ctx')).toThrow(TokenDecryptError)
    expect(() => cipher.decrypt('plaintext-token', 'ctx')).toThrow(TokenDecryptError)
  })

  it('refuses another key and another context (a value moved to another row)', () => {
    const stored = createTokenCipher(key()).encrypt('token-value', 'linkedin-access:u1')
    expect(() => createTokenCipher(key()).decrypt(stored, 'linkedin-access:u1')).toThrow(TokenDecryptError)
    const cipher = createTokenCipher(key())
    const mine = cipher.encrypt('token-value', 'linkedin-access:u1')
    expect(() => cipher.decrypt(mine, 'linkedin-access:u2')).toThrow(TokenDecryptError)
    expect(() => cipher.decrypt(mine, 'linkedin-refresh:u1')).toThrow(TokenDecryptError)
  })

  it('reads keys written as hex, base64 or base64url and nothing else', () => {
    const raw = key()
    expect(parseTokenKey(raw.toString('hex'))).toEqual(raw)
    expect(parseTokenKey(raw.toString('base64'))).toEqual(raw)
    expect(parseTokenKey(` ${raw.toString('base64url')}\n`)).toEqual(raw)
    expect(parseTokenKey(randomBytes(16).toString('hex'))).toBeNull()
    expect(parseTokenKey(randomBytes(16).toString('base64'))).toBeNull()
    expect(parseTokenKey('correct horse battery staple')).toBeNull()
  })

  it('uses PAGECREW_TOKEN_KEY when set, else creates <dataDir>/token.key once (0600) and keeps using it', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pagecrew-key-')), 'nested')
    const configured = key()
    expect(loadTokenKey({ tokenKey: configured.toString('hex'), dataDir })).toEqual(configured)
    expect(() => loadTokenKey({ tokenKey: 'short', dataDir })).toThrow(/PAGECREW_TOKEN_KEY must be 32 bytes/)

    const first = loadTokenKey({ tokenKey: null, dataDir })
    expect(first).toHaveLength(32)
    const file = join(dataDir, TOKEN_KEY_FILE)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(loadTokenKey({ tokenKey: null, dataDir })).toEqual(first)
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toEqual(first)

    // A value encrypted by one server process decrypts in another reading the same folder.
    const stored = createTokenCipher(() => loadTokenKey({ tokenKey: null, dataDir })).encrypt('t', 'c')
    expect(createTokenCipher(() => loadTokenKey({ tokenKey: null, dataDir })).decrypt(stored, 'c')).toBe('t')

    writeFileSync(file, 'garbage')
    expect(() => loadTokenKey({ tokenKey: null, dataDir })).toThrow(/does not hold a 32-byte key/)
  })
})

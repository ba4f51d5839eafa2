import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/**
 * Encrypts small secrets (the session cookie jar) with a key the OS keeps for this user.
 * The desktop app implements it with Electron `safeStorage` (src/main/electron/secret-box.ts);
 * tests and the desktop e2e harness use `createKeySecretBox`.
 */
export interface SecretBox {
  /** False when the OS offers no real key store; callers must then keep secrets in memory only. */
  isAvailable(): boolean
  encrypt(text: string): Buffer
  /** Throws when the data was not produced by this box (other key, corrupted file). */
  decrypt(data: Buffer): string
}

const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * AES-256-GCM with a caller-held key: for tests and the desktop harness, which run without
 * Electron. The app itself never uses it, because the key would have to live beside the data.
 */
export function createKeySecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('createKeySecretBox needs a 32-byte key')
  return {
    isAvailable: () => true,
    encrypt(text) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body])
    },
    decrypt(data) {
      if (data.length < IV_BYTES + TAG_BYTES) throw new Error('encrypted data is too short')
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, IV_BYTES))
      decipher.setAuthTag(data.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
      return Buffer.concat([decipher.update(data.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8')
    }
  }
}

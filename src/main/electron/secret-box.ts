import { safeStorage } from 'electron'
import { consoleLog, type Log } from '../services/log'
import type { SecretBox } from '../services/secret-box'

/**
 * SecretBox over Electron safeStorage (Keychain, DPAPI, libsecret/kwallet). Usable after 'ready'.
 * On Linux without a keyring Chromium falls back to a hard-coded key ('basic_text'): that is
 * obfuscation, not encryption, so it counts as unavailable and the session stays in memory.
 */
export function createSafeStorageSecretBox(log: Log = consoleLog('secret-box')): SecretBox {
  return {
    isAvailable() {
      if (!safeStorage.isEncryptionAvailable()) {
        log.warn('safeStorage reports no OS encryption.')
        return false
      }
      if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
        log.warn('No keyring (GNOME Keyring, KWallet) is available; safeStorage would only obfuscate.')
        return false
      }
      return true
    },
    encrypt: (text) => safeStorage.encryptString(text),
    decrypt: (data) => safeStorage.decryptString(data)
  }
}

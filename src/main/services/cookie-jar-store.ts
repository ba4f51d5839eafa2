import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { CookieJar } from 'tough-cookie'
import { consoleLog, type Log } from './log'
import type { SecretBox } from './secret-box'

/**
 * The desktop session lives here and only here (DESIGN.md §1): a tough-cookie jar in main,
 * saved encrypted through the SecretBox after every change and loaded at start. When the OS
 * cannot encrypt, the jar stays in memory: signing in again after a restart is better than a
 * session token readable by anything that can read the user's files.
 */
export interface CookieJarStore {
  /** The Cookie header value for a request to `url`; '' when no cookie applies. */
  cookieHeader(url: string): Promise<string>
  /** Takes the Set-Cookie values of a response from `url` (expired ones delete), then saves. */
  storeSetCookies(url: string, setCookies: readonly string[]): Promise<void>
  /** True when the jar is saved to disk (encrypted); false when it is kept in memory only. */
  readonly persistent: boolean
}

interface CookieJarStoreOptions {
  /** The encrypted jar file, e.g. `<userData>/session-cookies.bin`. */
  file: string
  secretBox: SecretBox
  log?: Log
}

export async function openCookieJarStore({ file, secretBox, log = consoleLog('cookies') }: CookieJarStoreOptions): Promise<CookieJarStore> {
  const persistent = secretBox.isAvailable()
  if (!persistent) {
    log.warn('OS encryption is unavailable, so the session is kept in memory only and is not saved to disk; you will sign in again after a restart.')
  }
  const jar = persistent ? await load(file, secretBox, log) : new CookieJar()

  let saving: Promise<void> = Promise.resolve()
  const save = (): Promise<void> => {
    const data = secretBox.encrypt(JSON.stringify(jar.serializeSync()))
    // Chained so an older snapshot never lands after a newer one.
    saving = saving.then(() => writeAtomically(file, data)).catch((error: unknown) => log.error('Could not save the session.', error))
    return saving
  }

  return {
    persistent,
    cookieHeader: (url) => jar.getCookieString(url),
    async storeSetCookies(url, setCookies) {
      if (setCookies.length === 0) return
      for (const header of setCookies) await jar.setCookie(header, url, { ignoreError: true })
      if (persistent) await save()
    }
  }
}

async function load(file: string, secretBox: SecretBox, log: Log): Promise<CookieJar> {
  let data: Buffer
  try {
    data = await readFile(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn(`Could not read the saved session (${describe(error)}); starting signed out.`)
    return new CookieJar()
  }
  try {
    return CookieJar.deserializeSync(secretBox.decrypt(data))
  } catch (error) {
    log.warn(`Could not decrypt the saved session (${describe(error)}); starting signed out.`)
    return new CookieJar()
  }
}

async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
  const temp = `${file}.${process.pid}.tmp`
  await writeFile(temp, data, { mode: 0o600 })
  await rename(temp, file)
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

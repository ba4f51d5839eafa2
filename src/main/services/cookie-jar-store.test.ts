import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openCookieJarStore } from './cookie-jar-store'
import { createKeySecretBox } from './secret-box'
import { recordingLog, unavailableSecretBox } from '../testing/fakes'

const URL = 'http://127.0.0.1:4680/api/auth/login'
const TOKEN = 'c2VjcmV0LXNlc3Npb24tdG9rZW4tMjU2LWJpdHM'
const SET_COOKIE = `pagecrew_session=${TOKEN}; Path=/; HttpOnly; SameSite=Lax`

describe('openCookieJarStore', () => {
  let dir: string
  let file: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pagecrew-jar-'))
    file = join(dir, 'nested', 'session-cookies.bin')
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('saves the jar encrypted after a change and loads it on the next start', async () => {
    const box = createKeySecretBox(randomBytes(32))
    const jar = await openCookieJarStore({ file, secretBox: box, log: recordingLog() })
    expect(jar.persistent).toBe(true)
    await jar.storeSetCookies(URL, [SET_COOKIE])

    const onDisk = await readFile(file)
    expect(onDisk.includes(TOKEN)).toBe(false)
    expect(onDisk.includes('pagecrew_session')).toBe(false)
    expect(JSON.parse(box.decrypt(onDisk)).cookies[0].value).toBe(TOKEN)

    const reopened = await openCookieJarStore({ file, secretBox: box, log: recordingLog() })
    expect(await reopened.cookieHeader('http://127.0.0.1:4680/api/user')).toBe(`pagecrew_session=${TOKEN}`)
  })

  it('leaves no temporary file behind and keeps the file private to the user', async () => {
    const jar = await openCookieJarStore({ file, secretBox: createKeySecretBox(randomBytes(32)), log: recordingLog() })
    await jar.storeSetCookies(URL, [SET_COOKIE])
    expect(await readdir(join(dir, 'nested'))).toEqual(['session-cookies.bin'])
    if (process.platform !== 'win32') {
      expect((await stat(file)).mode & 0o077).toBe(0)
    }
  })

  it('saves the removal when the server expires the cookie (sign-out)', async () => {
    const box = createKeySecretBox(randomBytes(32))
    const jar = await openCookieJarStore({ file, secretBox: box, log: recordingLog() })
    await jar.storeSetCookies(URL, [SET_COOKIE])
    await jar.storeSetCookies(URL, ['pagecrew_session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT'])
    expect(await jar.cookieHeader(URL)).toBe('')
    const reopened = await openCookieJarStore({ file, secretBox: box, log: recordingLog() })
    expect(await reopened.cookieHeader(URL)).toBe('')
  })

  it('keeps the session in memory only, and says why, when encryption is unavailable', async () => {
    const log = recordingLog()
    const jar = await openCookieJarStore({ file, secretBox: unavailableSecretBox, log })
    expect(jar.persistent).toBe(false)
    expect(log.lines.join('\n')).toMatch(/encryption is unavailable.*memory only/i)

    await jar.storeSetCookies(URL, [SET_COOKIE])
    expect(await jar.cookieHeader(URL)).toBe(`pagecrew_session=${TOKEN}`)
    expect(existsSync(file)).toBe(false)
    expect(existsSync(join(dir, 'nested'))).toBe(false)
  })

  it('starts signed out when the saved jar cannot be decrypted (another key, corrupted)', async () => {
    const first = await openCookieJarStore({ file, secretBox: createKeySecretBox(randomBytes(32)), log: recordingLog() })
    await first.storeSetCookies(URL, [SET_COOKIE])
    const log = recordingLog()
    const other = await openCookieJarStore({ file, secretBox: createKeySecretBox(randomBytes(32)), log })
    expect(await other.cookieHeader(URL)).toBe('')
    expect(log.lines.join('\n')).toMatch(/could not decrypt the saved session/i)

    await writeFile(file, 'garbage')
    const garbled = await openCookieJarStore({ file, secretBox: createKeySecretBox(randomBytes(32)), log: recordingLog() })
    expect(await garbled.cookieHeader(URL)).toBe('')
  })

  it('ignores malformed Set-Cookie values without failing the request', async () => {
    const jar = await openCookieJarStore({ file, secretBox: createKeySecretBox(randomBytes(32)), log: recordingLog() })
    await jar.storeSetCookies(URL, ['=;;;', 'x=1; Domain=example.com'])
    expect(await jar.cookieHeader(URL)).toBe('')
  })
})

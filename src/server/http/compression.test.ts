import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { expect, it } from 'vitest'
import { API_BASE, CLIENT_HEADER, SESSION_COOKIE } from '../../shared/api/contract'
import { COMPRESS_THRESHOLD_BYTES } from '../app'
import { TestClient } from '../testing/harness'
import { describeEachDatabase } from '../testing/suite'

describeEachDatabase('response compression (issue 16)', (t) => {
  async function signedIn() {
    const client = new TestClient(t().app)
    await client.signup({ fullName: 'Cora Compress' })
    await client.createOrganization('Compress Ltd')
    const get = (path: string, acceptEncoding?: string) =>
      t().app.inject({
        method: 'GET',
        url: `${API_BASE}${path}`,
        headers: { [CLIENT_HEADER]: 'test', cookie: `${SESSION_COOKIE}=${client.cookie}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) }
      })
    return { get }
  }

  it('compresses JSON over 1 KB with brotli or gzip as the client accepts, to the same JSON', async () => {
    const { get } = await signedIn()
    const plain = await get('/billing/plans')
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES)

    const br = await get('/billing/plans', 'gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length)
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json())

    const gzip = await get('/billing/plans', 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json())
    expect(String(gzip.headers.vary)).toMatch(/accept-encoding/i)
  })

  it('sends answers under 1 KB as they are', async () => {
    const { get } = await signedIn()
    const auth = await get('/auth', 'br, gzip')
    expect(auth.statusCode).toBe(200)
    expect(auth.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES)
    expect(auth.headers['content-encoding']).toBeUndefined()
    expect(auth.json()).toMatchObject({ organizationId: expect.any(String) })
  })
})

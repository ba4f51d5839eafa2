import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkOutboundUrl, createOutboundFetch, OutboundRefused, type HostResolver } from './outboundFetch'

/**
 * The outbound-fetch policy against a local server and a fake DNS: nothing here leaves the
 * machine (every refused address is refused before a connection is made).
 */

/** Every range the policy refuses, in the spellings someone might type or a DNS might answer. */
const REFUSED_ADDRESSES = [
  '127.0.0.1',
  '127.255.255.254',
  '::1',
  '10.0.0.1',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  'fc00::1',
  'fd12:3456::1',
  '169.254.169.254',
  '169.254.0.1',
  'fe80::1',
  '100.64.0.1',
  '100.127.255.254',
  '192.0.2.10',
  '198.51.100.10',
  '203.0.113.10',
  '2001:db8::1',
  '0.0.0.0',
  '::',
  '224.0.0.1',
  'ff02::1',
  '240.0.0.1',
  '255.255.255.255',
  '::ffff:127.0.0.1',
  '::ffff:169.254.169.254',
  '::ffff:10.0.0.1',
  '::ffff:a9fe:a9fe',
  '::ffff:192.168.0.1',
  '64:ff9b::a9fe:a9fe',
  '2002:a9fe:a9fe::1'
]

/** The same addresses as an address bar spells them (URL turns them into dotted decimal or short IPv6). */
const REFUSED_LITERAL_URLS = [
  'https://2130706433/', // 127.0.0.1 as one number
  'https://0177.0.0.1/', // octal
  'https://0x7f.1/',
  'https://127.1/',
  'https://2852039166/', // 169.254.169.254
  'https://0xa9.0xfe.0xa9.0xfe/',
  'https://0251.0376.0251.0376/',
  'https://[::ffff:7f00:1]/',
  'https://[0:0:0:0:0:ffff:169.254.169.254]/',
  'https://[::1]/',
  'https://0/',
  ...REFUSED_ADDRESSES.map((a) => (a.includes(':') ? `https://[${a}]/` : `https://${a}/`))
]

const production = (resolve: HostResolver) => ({ allowLoopback: false, resolve })

describe('the outbound-fetch policy', () => {
  let server: Server
  let port = 0
  let requests = 0

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests++
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end()
      } else if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' })
        // Streamed without a length: the cap counts what arrives.
        const chunk = Buffer.alloc(64 * 1024, 1)
        for (let i = 0; i < 40; i++) res.write(chunk)
        res.end()
      } else if (req.url === '/slow') {
        setTimeout(() => res.end('late'), 2_000)
      } else {
        let body = ''
        req.on('data', (c: Buffer) => (body += c.toString()))
        req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method, body, host: req.headers.host })))
      }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  it('refuses every non-public address, typed as a literal in any spelling', async () => {
    const resolve: HostResolver = async () => {
      throw new Error('a literal is never resolved')
    }
    for (const url of REFUSED_LITERAL_URLS) {
      await expect(checkOutboundUrl(url, production(resolve)), url).rejects.toBeInstanceOf(OutboundRefused)
    }
  })

  it('refuses a host name resolving to any of them, or to a public address and one of them', async () => {
    for (const address of REFUSED_ADDRESSES) {
      const family = address.includes(':') ? 6 : 4
      const resolve: HostResolver = async (host) => (host === 'idp.example.com' ? [{ address, family }] : [])
      await expect(checkOutboundUrl('https://idp.example.com/.well-known/openid-configuration', production(resolve)), address).rejects.toBeInstanceOf(
        OutboundRefused
      )
      const mixed: HostResolver = async () => [
        { address: '8.8.8.8', family: 4 },
        { address, family }
      ]
      await expect(checkOutboundUrl('https://idp.example.com/', production(mixed)), address).rejects.toBeInstanceOf(OutboundRefused)
    }
    const nothing: HostResolver = async () => []
    await expect(checkOutboundUrl('https://idp.example.com/', production(nothing))).rejects.toBeInstanceOf(OutboundRefused)
  })

  it('accepts public addresses over https only; http and loopback only with the development setting', async () => {
    const resolve: HostResolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 }
    ]
    expect((await checkOutboundUrl('https://idp.example.com/x', production(resolve))).address).toBe('93.184.215.14')
    await expect(checkOutboundUrl('http://idp.example.com/x', production(resolve))).rejects.toBeInstanceOf(OutboundRefused)
    await expect(checkOutboundUrl('ftp://idp.example.com/x', production(resolve))).rejects.toBeInstanceOf(OutboundRefused)
    await expect(checkOutboundUrl('https://user:secret@idp.example.com/x', production(resolve))).rejects.toBeInstanceOf(OutboundRefused)

    const development = { allowLoopback: true, resolve }
    expect((await checkOutboundUrl('http://127.0.0.1:8080/x', development)).address).toBe('127.0.0.1')
    expect((await checkOutboundUrl('http://[::1]:8080/x', development)).address).toBe('::1')
    // The development setting opens loopback only: private and metadata addresses stay refused.
    for (const url of ['http://10.0.0.1/', 'http://169.254.169.254/', 'http://[fd00::1]/', 'http://192.168.0.1/']) {
      await expect(checkOutboundUrl(url, development), url).rejects.toBeInstanceOf(OutboundRefused)
    }
  })

  it('connects to the address it checked, resolving the name once (no DNS rebinding)', async () => {
    const asked: string[] = []
    // A rebinding DNS: the first answer passes the check, any later one points elsewhere.
    const rebinding: HostResolver = async (host) => {
      asked.push(host)
      return asked.length === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '169.254.169.254', family: 4 }]
    }
    const fetch = createOutboundFetch({ allowLoopback: true, resolve: rebinding })
    const res = await fetch(`http://idp.rebind.test:${port}/token`, { method: 'POST', body: new URLSearchParams({ code: 'abc' }) })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ method: 'POST', body: 'code=abc', host: `idp.rebind.test:${port}` })
    expect(asked).toEqual(['idp.rebind.test'])
  })

  it('does not follow a redirect, caps the answer and gives up after its timeout', async () => {
    const resolve: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }]
    const fetch = createOutboundFetch({ allowLoopback: true, resolve, timeoutMs: 300, maxBytes: 1024 * 1024 })
    const before = requests
    const redirected = await fetch(`http://127.0.0.1:${port}/redirect`, { redirect: 'manual' })
    expect(redirected.status).toBe(302)
    expect(requests).toBe(before + 1)
    await expect(fetch(`http://127.0.0.1:${port}/big`)).rejects.toThrow(/larger than/)
    const started = Date.now()
    await expect(fetch(`http://127.0.0.1:${port}/slow`)).rejects.toThrow(/no answer within 300 ms/)
    expect(Date.now() - started).toBeLessThan(1_500)
    // The production policy refuses the loopback server outright, before connecting.
    await expect(createOutboundFetch(production(resolve))(`https://idp.example.com:${port}/`)).rejects.toBeInstanceOf(OutboundRefused)
    expect(requests).toBe(before + 3)
  })
})

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RENDERER_CSP, rendererHeaders, resolveRendererFile } from './renderer-assets'

describe('resolveRendererFile', () => {
  let base: string
  let root: string
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'pagecrew-renderer-'))
    root = join(base, 'renderer')
    await mkdir(join(root, 'assets'), { recursive: true })
    await writeFile(join(root, 'index.html'), '<!doctype html>')
    await writeFile(join(root, 'assets', 'app-1.js'), '')
    await writeFile(join(base, 'secret.txt'), 'outside')
  })
  afterAll(() => rm(base, { recursive: true, force: true }))

  it('serves files of the build', async () => {
    expect(await resolveRendererFile(root, 'app://pagecrew/assets/app-1.js')).toBe(join(root, 'assets', 'app-1.js'))
    expect(await resolveRendererFile(root, 'app://pagecrew/index.html?x=1')).toBe(join(root, 'index.html'))
  })

  it('answers client-side routes with index.html', async () => {
    expect(await resolveRendererFile(root, 'app://pagecrew/')).toBe(join(root, 'index.html'))
    expect(await resolveRendererFile(root, 'app://pagecrew/settings')).toBe(join(root, 'index.html'))
    expect(await resolveRendererFile(root, 'app://pagecrew/signup/onboarding/company?orgid=org_a')).toBe(join(root, 'index.html'))
  })

  it.each([
    ['a missing asset', 'app://pagecrew/assets/missing.js'],
    ['another host', 'app://evil/index.html'],
    ['another scheme', 'file:///index.html'],
    ['encoded traversal', 'app://pagecrew/%2e%2e/secret.txt'],
    ['encoded slash traversal', 'app://pagecrew/assets%2f..%2f..%2fsecret.txt'],
    ['backslash traversal', 'app://pagecrew/..%5Csecret.txt'],
    ['a NUL byte', 'app://pagecrew/index.html%00.js'],
    ['broken escapes', 'app://pagecrew/%E0%A4%A.js']
  ])('refuses %s', async (_name, url) => {
    expect(await resolveRendererFile(root, url)).toBeNull()
  })

  it('sends each file with its type, the CSP and no sniffing', () => {
    expect(rendererHeaders('/r/index.html')).toEqual({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': RENDERER_CSP,
      'x-content-type-options': 'nosniff'
    })
    expect(rendererHeaders('/r/assets/a.JS')['content-type']).toBe('text/javascript; charset=utf-8')
    expect(rendererHeaders('/r/assets/blob.bin')['content-type']).toBe('application/octet-stream')
  })

  it('lets the renderer load images from its own origin (API images come from app://pagecrew/api/team/image/…)', () => {
    const imgSrc = RENDERER_CSP.split('; ').find((d) => d.startsWith('img-src '))
    expect(imgSrc?.split(' ')).toContain("'self'")
  })

  it('has the strict CSP', () => {
    expect(RENDERER_CSP).toBe(
      "default-src 'self'; script-src 'self' https://js.stripe.com; frame-src https://js.stripe.com; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; connect-src 'self'; object-src 'none'; frame-ancestors 'none'"
    )
  })
})

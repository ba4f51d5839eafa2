import { describe, expect, it } from 'vitest'
import { userPhotoAddress } from '../api/contract'
import { isSafeImageAddress } from './images'

describe('isSafeImageAddress', () => {
  it('accepts https addresses on public hosts and same-origin paths', () => {
    for (const ok of [
      'https://media.licdn.com/logo.png',
      'https://example.com:8443/a/b.png?x=1',
      'https://8.8.8.8/logo.png',
      'https://[2606:4700:4700::1111]/logo.png',
      '/api/team/image/abc?v=1',
      '/api/team/image/6f1c2f7e-8a3b-4c2d-9e1f-0a1b2c3d4e5f',
      '/api/user/photo/6f1c2f7e-8a3b-4c2d-9e1f-0a1b2c3d4e5f?v=0a1b2c3d',
      '/api/user/photo/6f1c2f7e-8a3b-4c2d-9e1f-0a1b2c3d4e5f',
      '/api/posts/media/6f1c2f7e-8a3b-4c2d-9e1f-0a1b2c3d4e5f/file',
      '/api/posts/media/6f1c2f7e-8a3b-4c2d-9e1f-0a1b2c3d4e5f/thumbnail'
    ]) {
      expect(isSafeImageAddress(ok), ok).toBe(true)
    }
  })

  it('refuses http, credentials, localhost (and .localdomain), API and other same-origin paths, and private, loopback or link-local IP literals in any spelling', () => {
    for (const bad of [
      'http://169.254.169.254/latest/meta-data/',
      'https://169.254.169.254/latest/meta-data/',
      'https://2852039166/', // 169.254.169.254 as one number
      'https://0xa9.0xfe.0xa9.0xfe/',
      'https://127.0.0.1/x.png',
      'https://127.1/x.png',
      'https://10.1.2.3/x.png',
      'https://172.20.0.1/x.png',
      'https://192.168.1.1/x.png',
      'https://100.64.0.1/x.png',
      'https://0.0.0.0/x.png',
      'https://224.0.0.1/x.png',
      'https://localhost/x.png',
      'https://LOCALHOST./x.png',
      'https://app.localhost/x.png',
      'https://[::1]/x.png',
      'https://[::ffff:127.0.0.1]/x.png',
      'https://[::ffff:a9fe:a9fe]/x.png',
      'https://[fe80::1]/x.png',
      'https://[fd00::1]/x.png',
      'https://[2001:db8::1]/x.png', // documentation
      'https://203.0.113.7/x.png', // documentation
      'https://192.0.2.2/x.png', // documentation
      'https://198.51.100.9/x.png', // documentation
      'https://[2001:db8:1::5]/x.png', // documentation
      'https://localhost.localdomain/x.png',
      'https://LocalHost.LocalDomain./x.png',
      'https://a.localhost.localdomain/x.png',
      // Same-origin paths other than the server's image answers: API actions, pages, ways out.
      '/api/auth/logout',
      '/api/user/logout-everywhere',
      '/join?token=x',
      '/',
      '/api/team/image/../auth/logout',
      '/api/team/image/%2e%2e%2fauth%2flogout',
      '/api/team/image/abc/../../auth/logout',
      '/api/team/image/abc?v=1&next=/api/auth/logout',
      '/api/posts/media/abc/file/../../../auth/logout',
      '/api/posts/media/abc/delete',
      // The photo upload itself and ways out of the photo path.
      '/api/user/photo',
      '/api/user/photo/',
      '/api/user/photo/../../auth/logout',
      '/api/user/photo/abc%2f..%2f..%2fauth%2flogout',
      '/api/user/photo/abc?v=1&next=/api/auth/logout',
      '/api/user/photo/abc/extra',
      'https://user:pass@example.com/x.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      'https://example.com/a b.png',
      'ftp://example.com/x.png',
      ''
    ]) {
      expect(isSafeImageAddress(bad), bad).toBe(false)
    }
  })

  it('accepts the address the server gives an uploaded photo (User.image), so a profile save keeps it', () => {
    expect(userPhotoAddress('6f1c2f7e-8a3b-4c2d-9e1f-0a1b2c3d4e5f', '9f86d081')).toBe('/api/user/photo/6f1c2f7e-8a3b-4c2d-9e1f-0a1b2c3d4e5f?v=9f86d081')
    expect(isSafeImageAddress(userPhotoAddress('6f1c2f7e-8a3b-4c2d-9e1f-0a1b2c3d4e5f', '9f86d081'))).toBe(true)
  })
})

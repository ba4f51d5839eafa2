import { describe, expect, it } from 'vitest'
import { sniffImageType } from './uploads'

describe('sniffImageType', () => {
  it('recognises PNG, JPEG, GIF and WebP by their first bytes', () => {
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png')
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(sniffImageType(Buffer.from('GIF87a....'))).toBe('image/gif')
    expect(sniffImageType(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp')
  })
  it('refuses everything else, SVG included', () => {
    for (const text of ['<svg xmlns="http://www.w3.org/2000/svg"/>', '%PDF-1.7', '', 'RIFF\x00\x00\x00\x00WAVE']) {
      expect(sniffImageType(Buffer.from(text, 'latin1')), text).toBeNull()
    }
  })
})

import { describe, expect, it } from 'vitest'
import { isImageFile, isTooBig, truncateFileName } from './files'

describe('file rules', () => {
  it('cuts names longer than 25 characters and adds an ellipsis', () => {
    expect(truncateFileName('1234567890123456789012345')).toBe('1234567890123456789012345')
    expect(truncateFileName('12345678901234567890123456')).toBe('1234567890123456789012345…')
  })
  it('refuses more than 200 MB', () => {
    expect(isTooBig({ size: 209_715_200 })).toBe(false)
    expect(isTooBig({ size: 209_715_201 })).toBe(true)
  })
  it('recognises images by type', () => {
    expect(isImageFile({ type: 'image/webp' })).toBe(true)
    expect(isImageFile({ type: 'application/pdf' })).toBe(false)
  })
})

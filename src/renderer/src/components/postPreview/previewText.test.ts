import { describe, expect, it } from 'vitest'
import { collapsePostText, postTextParts } from './previewText'

describe('collapsePostText', () => {
  it('keeps a short post whole', () => {
    expect(collapsePostText('Hello LinkedIn\nSecond line\n\n', 'desktop')).toEqual({ text: 'Hello LinkedIn\nSecond line', collapsed: false })
  })

  it('shows three lines on desktop and two on mobile, counting line breaks', () => {
    const text = 'One\nTwo\nThree\nFour'
    expect(collapsePostText(text, 'desktop')).toEqual({ text: 'One\nTwo\nThree', collapsed: true })
    expect(collapsePostText(text, 'mobile')).toEqual({ text: 'One\nTwo', collapsed: true })
    expect(collapsePostText('One\nTwo\nThree', 'desktop').collapsed).toBe(false)
  })

  it('wraps long lines at the column’s width and cuts at a word', () => {
    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')
    const desktop = collapsePostText(long, 'desktop')
    expect(desktop.collapsed).toBe(true)
    expect(long.startsWith(desktop.text)).toBe(true)
    expect(desktop.text.length).toBeLessThanOrEqual(3 * 66)
    expect(desktop.text.length).toBeGreaterThan(2 * 66)
    expect(desktop.text.endsWith(' ')).toBe(false)
    expect(long.charAt(desktop.text.length)).toBe(' ')
    expect(collapsePostText(long, 'mobile').text.length).toBeLessThanOrEqual(2 * 40)
  })
})

describe('postTextParts', () => {
  it('finds hashtags and links', () => {
    expect(postTextParts('Read https://example.com/a?b=1 now #hiring #Café!')).toEqual([
      { kind: 'text', value: 'Read ' },
      { kind: 'link', value: 'https://example.com/a?b=1' },
      { kind: 'text', value: ' now ' },
      { kind: 'hashtag', value: '#hiring' },
      { kind: 'text', value: ' ' },
      { kind: 'hashtag', value: '#Café' },
      { kind: 'text', value: '!' }
    ])
    expect(postTextParts('')).toEqual([])
  })
})

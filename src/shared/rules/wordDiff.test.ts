import { describe, expect, it } from 'vitest'
import { hasChanges, wordDiff, type DiffPart } from './wordDiff'

const side = (parts: DiffPart[], kind: 'removed' | 'added') => parts.filter((p) => p.kind === 'same' || p.kind === kind).map((p) => p.text).join('')

describe('wordDiff', () => {
  it('marks a replaced word as removed and its replacement as added', () => {
    expect(wordDiff('Our new release is out', 'Our big release is out')).toEqual([
      { kind: 'same', text: 'Our ' },
      { kind: 'removed', text: 'new' },
      { kind: 'added', text: 'big' },
      { kind: 'same', text: ' release is out' }
    ])
  })

  it('compares whole words, not the characters inside them', () => {
    const parts = wordDiff('We ship today', 'We shipped today')
    expect(parts.filter((p) => p.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'ship' },
      { kind: 'added', text: 'shipped' }
    ])
  })

  it('keeps line breaks and spaces, so each side puts back its own text exactly', () => {
    const older = 'First line.\n\nSecond line with  two spaces.\n#launch'
    const newer = 'First line!\nSecond line with two spaces, and more.\n#launch #team'
    const parts = wordDiff(older, newer)
    expect(side(parts, 'removed')).toBe(older)
    expect(side(parts, 'added')).toBe(newer)
  })

  it('shows text added to an empty version, and none when nothing changed', () => {
    expect(wordDiff('', 'Hello world')).toEqual([{ kind: 'added', text: 'Hello world' }])
    const same = wordDiff('Nothing changed here', 'Nothing changed here')
    expect(same).toEqual([{ kind: 'same', text: 'Nothing changed here' }])
    expect(hasChanges(same)).toBe(false)
    expect(hasChanges(wordDiff('a b', 'a c'))).toBe(true)
  })
})

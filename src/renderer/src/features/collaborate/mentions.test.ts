import { describe, expect, it } from 'vitest'
import { mentionCandidates, mentionParts, mentionQueryAt, mentionedIds } from './mentions'
import { ADA, ALAN, GRACE } from '@renderer/testing/reviewFixtures'

describe('mentions', () => {
  it('finds the name being typed after an @ at the caret, not inside an email address', () => {
    expect(mentionQueryAt('Thanks @Gr', 10)).toEqual({ at: 7, query: 'Gr' })
    expect(mentionQueryAt('@', 1)).toEqual({ at: 0, query: '' })
    expect(mentionQueryAt('mail ada@example.com', 20)).toBeNull()
    expect(mentionQueryAt('Thanks @Grace and', 17)).toBeNull()
  })

  it('offers participants whose name has a word starting with the query, never the writer', () => {
    const people = [ADA, GRACE, ALAN]
    expect(mentionCandidates(people, '', ADA.id)).toEqual([GRACE, ALAN])
    expect(mentionCandidates(people, 'tur', ADA.id)).toEqual([ALAN])
    expect(mentionCandidates(people, 'lo', GRACE.id)).toEqual([ADA])
  })

  it('sends the ids of picked people still named in the text, once each', () => {
    expect(mentionedIds('@Grace Hopper and @Grace Hopper', [GRACE, GRACE, ALAN])).toEqual([GRACE.id])
  })

  it('cuts a comment into text and the mentions of the people it mentioned', () => {
    expect(mentionParts('Ask @Grace Hopper, not @Bob', [GRACE])).toEqual([
      { kind: 'text', text: 'Ask ' },
      { kind: 'mention', text: '@Grace Hopper', person: GRACE },
      { kind: 'text', text: ', not @Bob' }
    ])
  })
})

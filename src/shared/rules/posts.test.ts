import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../api/messages'
import { mediaKindOf, postLength, postProblems } from './posts'

const image = { kind: 'image' as const }

describe('postProblems', () => {
  it('accepts 3,000 characters and refuses 3,001', () => {
    expect(postProblems({ type: 'textOnly', text: 'a'.repeat(3000), poll: null, media: [] })).toEqual({})
    expect(postProblems({ type: 'textOnly', text: 'a'.repeat(3001), poll: null, media: [] })).toEqual({ text: MESSAGES.postTooLong })
  })
  it('counts an emoji once', () => {
    expect(postLength('👍🏽a')).toBe(3)
    expect(postLength('😀'.repeat(3000))).toBe(3000)
  })
  it('needs text for a text post', () => {
    expect(postProblems({ type: 'textOnly', text: '  ', poll: null, media: [] }).text).toBe(MESSAGES.postEmpty)
  })
  it('lets a reshare go without a comment, within the length and without media', () => {
    expect(postProblems({ type: 'textOnly', text: '', poll: null, media: [], reshare: true })).toEqual({})
    expect(postProblems({ type: 'textOnly', text: 'a'.repeat(3001), poll: null, media: [], reshare: true })).toEqual({ text: MESSAGES.postTooLong })
    expect(postProblems({ type: 'textOnly', text: '', poll: null, media: [image], reshare: true })).toEqual({ media: MESSAGES.mediaWrongKind })
  })
  it('allows 1–20 images and nothing else with them', () => {
    expect(postProblems({ type: 'images', text: '', poll: null, media: [image] })).toEqual({})
    expect(postProblems({ type: 'multiImage', text: '', poll: null, media: Array(21).fill(image) }).media).toBe(MESSAGES.tooManyImages)
    expect(postProblems({ type: 'images', text: '', poll: null, media: [] }).media).toBe(MESSAGES.imagesMissing)
    expect(postProblems({ type: 'images', text: '', poll: null, media: [image, { kind: 'video' }] }).media).toBe(MESSAGES.mediaWrongKind)
  })
  it('allows one video or one document', () => {
    expect(postProblems({ type: 'videos', text: '', poll: null, media: [{ kind: 'video' }, { kind: 'video' }] }).media).toBe(MESSAGES.oneVideo)
    expect(postProblems({ type: 'document', text: '', poll: null, media: [{ kind: 'document' }, { kind: 'document' }] }).media).toBe(MESSAGES.oneDocument)
    expect(postProblems({ type: 'document', text: '', poll: null, media: [] }).media).toBe(MESSAGES.documentMissing)
  })
  it('checks polls: question, 2–4 options of at most 30 characters', () => {
    const ok = { type: 'poll' as const, text: 'Vote', media: [] }
    expect(postProblems({ ...ok, poll: { question: 'Which?', options: ['A', 'B'] } })).toEqual({})
    expect(postProblems({ ...ok, poll: { question: ' ', options: ['A', 'B'] } }).pollQuestion).toBe(MESSAGES.pollQuestionMissing)
    expect(postProblems({ ...ok, poll: { question: 'Q', options: ['A'] } }).pollOptions).toBe(MESSAGES.pollOptionCount)
    expect(postProblems({ ...ok, poll: { question: 'Q', options: ['A', 'B', 'C', 'D', 'E'] } }).pollOptions).toBe(MESSAGES.pollOptionCount)
    expect(postProblems({ ...ok, poll: { question: 'Q', options: ['A', 'b'.repeat(31)] } }).pollOptions).toBe(MESSAGES.pollOptionTooLong)
    expect(postProblems({ ...ok, poll: { question: 'Q', options: ['A', ''] } }).pollOptions).toBe(MESSAGES.pollOptionEmpty)
    expect(postProblems({ ...ok, poll: null }).pollQuestion).toBe(MESSAGES.pollQuestionMissing)
  })
})

describe('mediaKindOf', () => {
  it('sorts content types into kinds', () => {
    expect(mediaKindOf('image/png')).toBe('image')
    expect(mediaKindOf('video/mp4')).toBe('video')
    expect(mediaKindOf('application/pdf')).toBe('document')
    expect(mediaKindOf('text/html')).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import {
  createPostTagBodySchema,
  endpoints,
  inviteMemberBodySchema,
  listMembersQuerySchema,
  postTagFilterBodySchema,
  teamFormFieldsSchema,
  toTeamFormFields,
  updateTeamFormFieldsSchema
} from './contract'
import { fileTooBigMessage, mediaOffsetFromMessage, mediaOffsetMismatchMessage, MESSAGES } from './messages'
import { walkSchema } from '../testing/walk'
import {
  cleanFileNameText,
  MULTI_LINE_TEXT_MESSAGE,
  multiLineTextCheck,
  SINGLE_LINE_TEXT_MESSAGE,
  singleLineTextCheck
} from '../domain/text'

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message

describe('team form fields (multipart)', () => {
  it('round-trips the typed input through the string fields', () => {
    const fields = toTeamFormFields({ id: 't1', name: '  Sales ', members: ['a', 'b'], teamLeaders: ['a'], requireTag: true, aISettingTemplateId: null, imageRemoved: true })
    expect(fields).toEqual({ id: 't1', name: '  Sales ', members: '["a","b"]', teamLeaders: '["a"]', requireTag: 'true', aISettingTemplateId: 'null', imageRemoved: 'true' })
    expect(updateTeamFormFieldsSchema.parse(fields)).toEqual({ id: 't1', name: 'Sales', members: ['a', 'b'], teamLeaders: ['a'], requireTag: true, aISettingTemplateId: null, imageRemoved: 'true' })
  })
  it('answers the spec messages for an empty name, no members and no leader', () => {
    const base = toTeamFormFields({ name: 'x', members: ['a'], teamLeaders: ['a'], requireTag: false, aISettingTemplateId: null })
    expect(firstMessage(teamFormFieldsSchema.safeParse({ ...base, name: '   ' }))).toBe(MESSAGES.teamNameEmpty)
    expect(firstMessage(teamFormFieldsSchema.safeParse({ ...base, name: undefined }))).toBe(MESSAGES.teamNameEmpty)
    expect(firstMessage(teamFormFieldsSchema.safeParse({ ...base, members: '[]' }))).toBe(MESSAGES.teamMembersMissing)
    expect(firstMessage(teamFormFieldsSchema.safeParse({ ...base, members: 'not json' }))).toBe(MESSAGES.teamMembersMissing)
    expect(firstMessage(teamFormFieldsSchema.safeParse({ ...base, teamLeaders: '[]' }))).toBe(MESSAGES.teamLeaderMissing)
    expect(endpoints.createTeam.multipart).toEqual({ fileField: 'image' })
  })
})

describe('other issue-3 schemas', () => {
  it('applies the invite email rule of spec §5 and lower-cases', () => {
    expect(inviteMemberBodySchema.parse({ email: ' Ana@Example.COM ', role: 'MEMBER' }).email).toBe('ana@example.com')
    expect(firstMessage(inviteMemberBodySchema.safeParse({ email: 'ana@host', role: 'MEMBER' }))).toBe(MESSAGES.inviteEmailInvalid)
  })
  it('trims tag titles and refuses empty ones with the spec alert', () => {
    expect(createPostTagBodySchema.parse({ tagTitle: ' Hiring ', tagColor: '#aabbcc' })).toMatchObject({ tagTitle: 'Hiring', assignedUsers: [] })
    expect(firstMessage(createPostTagBodySchema.safeParse({ tagTitle: '  ', tagColor: '#aabbcc' }))).toBe(MESSAGES.tagTitleEmpty)
    expect(createPostTagBodySchema.safeParse({ tagTitle: 'a', tagColor: 'red' }).success).toBe(false)
  })
  it('pages members 50 at a time by default, at most 200', () => {
    expect(listMembersQuerySchema.parse({})).toEqual({ page: 1, pageSize: 50 })
    expect(listMembersQuerySchema.safeParse({ pageSize: '201' }).success).toBe(false)
    expect(postTagFilterBodySchema.parse(undefined)).toBeUndefined()
  })
  it('formats the file size alert with the file name', () => {
    expect(fileTooBigMessage('holiday.png')).toBe('holiday.png is too big!')
  })
  it('carries the offset a media upload continues at in its 409 message', () => {
    expect(mediaOffsetFromMessage(mediaOffsetMismatchMessage(8_388_608))).toBe(8_388_608)
    expect(mediaOffsetFromMessage(mediaOffsetMismatchMessage(0))).toBe(0)
    expect(mediaOffsetFromMessage('Chunk 3 arrived out of order; expected offset 4,194,304.')).toBe(4_194_304)
    expect(mediaOffsetFromMessage('Conflict.')).toBeNull()
  })
})

describe('strings at the border (DESIGN.md §7)', () => {
  /** zod's own string formats are anchored patterns of printable characters: they refuse controls by themselves. */
  const SAFE_FORMATS = new Set(['email', 'datetime', 'date', 'time', 'uuid', 'guid'])

  it('every string any endpoint accepts (query, body, multipart fields) goes through the control-character rule', () => {
    const escapes: string[] = []
    for (const [name, endpoint] of Object.entries(endpoints)) {
      for (const part of ['query', 'body'] as const) {
        walkSchema(endpoint[part], ({ schema, def, path }) => {
          const where = `${name}.${part}${path.length ? `.${path.join('.')}` : ''}`
          // Anything-goes input would skip the rule altogether.
          if (def.type === 'any' || def.type === 'unknown' || def.type === 'custom') escapes.push(`${where} (${def.type})`)
          if (def.type !== 'string') return
          const ruled = def.checks?.some((check) => check === singleLineTextCheck || check === multiLineTextCheck) || SAFE_FORMATS.has(def.format ?? '')
          if (!ruled || schema.safeParse('a\u0000b').success) escapes.push(where)
        })
      }
    }
    expect(escapes).toEqual([])
  })

  it('keeps tabs and line breaks only where text is multi-line (post text, descriptions, ideas, instructions)', () => {
    const post = endpoints.createPost.body
    expect(post.safeParse({ text: 'Line one\r\n\tLine two\n' }).success).toBe(true)
    expect(firstMessage(post.safeParse({ text: 'a\u0000b' }))).toBe(MULTI_LINE_TEXT_MESSAGE)
    expect(firstMessage(post.safeParse({ text: 'bell\u0007' }))).toBe(MULTI_LINE_TEXT_MESSAGE)
    expect(post.safeParse({ text: 'C1 \u0085 control' }).success).toBe(false)
    expect(createPostTagBodySchema.safeParse({ tagTitle: 'Hiring', tagColor: '#aabbcc', tagDescription: 'one\ntwo' }).success).toBe(true)
    expect(firstMessage(createPostTagBodySchema.safeParse({ tagTitle: 'Hir\ning', tagColor: '#aabbcc' }))).toBe(SINGLE_LINE_TEXT_MESSAGE)
    expect(firstMessage(endpoints.signup.body.safeParse({ email: 'a@example.com', password: 'long enough', fullName: 'a\u0000b' }))).toBe(SINGLE_LINE_TEXT_MESSAGE)
    expect(endpoints.signup.body.safeParse({ email: 'a@example.com', password: 'long enough', fullName: 'Ana\tB' }).success).toBe(false)
    expect(endpoints.validateCertification.query.safeParse({ certificateId: '\u0000' }).success).toBe(false)
    expect(endpoints.listMembers.query.safeParse({ search: 'a\u2028b' }).success).toBe(false)
    // Team fields arrive as multipart text: the JSON inside is held to the same rule once decoded.
    const team = toTeamFormFields({ name: 'Sales', members: ['a\u0000'], teamLeaders: ['a'], requireTag: false, aISettingTemplateId: null })
    expect(teamFormFieldsSchema.safeParse(team).success).toBe(false)
    expect(teamFormFieldsSchema.safeParse({ ...team, members: '["a"]', name: 'Sa\u0000les' }).success).toBe(false)
  })
})

describe('file names', () => {
  it('keep the last path segment without control or bidi characters', () => {
    expect(cleanFileNameText('C:\\Users\\ana\\photo.png')).toBe('photo.png')
    expect(cleanFileNameText('../../etc/passwd')).toBe('passwd')
    expect(cleanFileNameText('invoice\u202Efdp.exe')).toBe('invoicefdp.exe')
    expect(cleanFileNameText('\u2066a\u2067b\u2068c\u2069\u200E\u200Fd\u202A\u202B\u202C\u202D.png')).toBe('abcd.png')
    expect(cleanFileNameText('nul\u0000\r\n.png')).toBe('nul.png')
    expect(cleanFileNameText('  \u202E  ')).toBe('')
    expect(Array.from(cleanFileNameText('😀'.repeat(300)))).toHaveLength(255)
  })
})

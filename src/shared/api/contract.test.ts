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

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Team } from '@shared/domain'
import { fail, ok } from '@renderer/testing/fakeHost'
import { doubleClickBeforeRender, heldReply } from '@renderer/testing/fastClicks'
import { aTeam } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import { teamHostFor } from '@renderer/testing/teamFixtures'
import { TeamDialog } from './TeamDialog'
import { canSaveTeam, teamFormInput, teamFormProblem } from './teamForm'

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  window.alert = vi.fn()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function open(team: Team | null, fake = teamHostFor()) {
  const onClose = vi.fn()
  renderInApp(<TeamDialog open team={team} onClose={onClose} />, fake)
  return { onClose, fake, events: userEvent.setup() }
}

const save = () => screen.getByTestId('team-save') as HTMLButtonElement

async function pick(events: ReturnType<typeof userEvent.setup>, picker: string, id: string) {
  await events.click(screen.getByTestId(`${picker}-input`))
  await events.click(await screen.findByTestId(`${picker}-option-${id}`))
}

const imageFile = (name: string, size = 10, type = 'image/png') => {
  const file = new File(['img'], name, { type })
  Object.defineProperty(file, 'size', { value: size })
  return file
}

describe('Create team dialog', () => {
  it('keeps Save disabled while the name is empty or no leader is chosen', async () => {
    const { events } = open(null)
    expect(save().disabled).toBe(true)
    await events.type(screen.getByTestId('team-name'), 'Writers')
    expect(save().disabled).toBe(true)
    await pick(events, 'team-members', 'member-2')
    expect(save().disabled).toBe(true)
    await pick(events, 'team-leaders', 'member-2')
    expect(save().disabled).toBe(false)
  })

  it('hides invited members and disables members of another team in the member picker', async () => {
    const { events } = open(null)
    await events.click(screen.getByTestId('team-members-input'))
    expect(await screen.findByTestId('team-members-option-member-2')).toBeTruthy()
    expect(screen.queryByTestId('team-members-option-member-4')).toBeNull()
    expect(screen.getByTestId('team-members-option-member-3').getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByTestId('team-members-option-member-1').getAttribute('aria-disabled')).toBe('true')
  })

  it('alerts "Please enter a non-empty team name" for a blank name', async () => {
    const { events, fake } = open(null)
    await events.type(screen.getByTestId('team-name'), '   ')
    await pick(events, 'team-members', 'member-2')
    await pick(events, 'team-leaders', 'member-2')
    await events.click(save())
    expect(window.alert).toHaveBeenCalledWith('Please enter a non-empty team name')
    expect(fake.requestsTo('POST', '/team/create')).toEqual([])
  })

  it('creates the team as multipart with a trimmed name, JSON fields and the image', async () => {
    const { events, fake, onClose } = open(null)
    fake.reply('POST /team/create', ok(aTeam({ id: 'team-2', name: 'Writers' })))
    await events.type(screen.getByTestId('team-name'), '  Writers ')
    await pick(events, 'team-members', 'member-2')
    await pick(events, 'team-leaders', 'member-2')
    await events.click(screen.getByTestId('team-require-tag'))
    await events.selectOptions(screen.getByTestId('team-ai-template'), 'template-1')
    fireEvent.change(screen.getByTestId('team-image-input'), { target: { files: [imageFile('our-wonderful-team-photo-2026.png')] } })
    expect(screen.getByTestId('team-image-name').textContent).toBe('our-wonderful-team-photo-…')
    await events.click(save())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    const [request] = fake.requestsTo('POST', '/team/create')
    expect(request?.multipart?.fields).toEqual({
      name: 'Writers',
      members: '["member-2"]',
      teamLeaders: '["member-2"]',
      requireTag: 'true',
      aISettingTemplateId: '"template-1"'
    })
    expect(request?.multipart?.files).toEqual([expect.objectContaining({ field: 'image', fileName: 'our-wonderful-team-photo-2026.png', contentType: 'image/png' })])
  })

  it('creates the team once for a double click on Save, with an idempotency key', async () => {
    const held = heldReply(ok(aTeam({ id: 'team-2', name: 'Writers' })))
    const { events, fake, onClose } = open(null)
    fake.reply('POST /team/create', held.reply)
    await events.type(screen.getByTestId('team-name'), 'Writers')
    await pick(events, 'team-members', 'member-2')
    await pick(events, 'team-leaders', 'member-2')
    fireEvent.change(screen.getByTestId('team-image-input'), { target: { files: [imageFile('team.png')] } })
    doubleClickBeforeRender(save())
    await held.release()
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    const requests = fake.requestsTo('POST', '/team/create')
    expect(requests).toHaveLength(1)
    expect(requests[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('refuses a file that is not an image and one over 200 MB with alerts', async () => {
    open(null)
    fireEvent.change(screen.getByTestId('team-image-input'), { target: { files: [imageFile('notes.txt', 10, 'text/plain')] } })
    expect(window.alert).toHaveBeenCalledWith('The team image must be an image file (PNG, JPEG, GIF or WebP).')
    fireEvent.change(screen.getByTestId('team-image-input'), { target: { files: [imageFile('huge.png', 209_715_201)] } })
    expect(window.alert).toHaveBeenCalledWith('huge.png is too big!')
    expect(screen.queryByTestId('team-image-name')).toBeNull()
  })

  it('shows a server team message as an alert', async () => {
    const { events, fake, onClose } = open(null)
    fake.reply('POST /team/create', fail(400, 'Please add a team leader', 'validation'))
    await events.type(screen.getByTestId('team-name'), 'Writers')
    await pick(events, 'team-members', 'member-2')
    await pick(events, 'team-leaders', 'member-2')
    await events.click(save())
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Please add a team leader'))
    expect(onClose).not.toHaveBeenCalled()
  })
})

describe('Edit team dialog', () => {
  const team = aTeam({
    members: [
      { id: 'member-1', fullName: 'Grace Hopper', image: null },
      { id: 'member-2', fullName: 'Alan Turing', image: null }
    ],
    teamLeaders: [{ id: 'member-1', fullName: 'Grace Hopper', image: null }],
    previewURL: '/api/team/image/team-1?v=abc',
    imageName: 'a-rather-long-original-image-name.jpg'
  })

  it('alerts "Please add at least one team member" when every member is removed', async () => {
    const { events, fake } = open(team)
    await events.click(await screen.findByTestId('team-members-tag-member-1'))
    await events.click(screen.getByTestId('team-members-tag-member-2'))
    expect(save().disabled).toBe(false)
    await events.click(save())
    expect(window.alert).toHaveBeenCalledWith('Please add at least one team member')
    expect(fake.requestsTo('PUT', '/team/update')).toEqual([])
  })

  it('alerts "Please add a team leader" when the leader is no longer a member', async () => {
    const { events } = open(team)
    await events.click(await screen.findByTestId('team-members-tag-member-1'))
    await events.click(save())
    expect(window.alert).toHaveBeenCalledWith('Please add a team leader')
  })

  it('shows the current image name truncated, and sends imageRemoved when it is removed', async () => {
    const { events, fake, onClose } = open(team)
    fake.reply('PUT /team/update', ok(team))
    expect(screen.getByTestId('team-image-name').textContent).toBe('a-rather-long-original-im…')
    expect(screen.getByTestId('team-image-preview').getAttribute('src')).toBe('/api/team/image/team-1?v=abc')
    await events.click(screen.getByTestId('team-image-remove'))
    await events.click(save())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(fake.requestsTo('PUT', '/team/update')[0]?.multipart).toEqual({
      fields: {
        id: 'team-1',
        name: 'Writers',
        members: '["member-1","member-2"]',
        teamLeaders: '["member-1"]',
        requireTag: 'false',
        aISettingTemplateId: 'null',
        imageRemoved: 'true'
      },
      files: []
    })
  })

  it('keeps its own members pickable while editing', async () => {
    const { events } = open(team)
    await events.click(await screen.findByTestId('team-members-tag-member-1'))
    await events.click(screen.getByTestId('team-members-input'))
    expect((await screen.findByTestId('team-members-option-member-1')).getAttribute('aria-disabled')).not.toBe('true')
  })
})

describe('team form rules', () => {
  const form = { name: 'Writers', members: ['a'], teamLeaders: ['a'], requireTag: false, aISettingTemplateId: null }

  it('disables Save for an empty name or no leader', () => {
    expect(canSaveTeam(form)).toBe(true)
    expect(canSaveTeam({ ...form, name: '' })).toBe(false)
    expect(canSaveTeam({ ...form, teamLeaders: [] })).toBe(false)
  })

  it('gives the create and edit alerts of spec §5', () => {
    expect(teamFormProblem({ ...form, name: '  ' }, 'create')).toBe('Please enter a non-empty team name')
    expect(teamFormProblem({ ...form, members: [] }, 'create')).toBeNull()
    expect(teamFormProblem({ ...form, name: '' }, 'edit')).toBe('Please enter a team name')
    expect(teamFormProblem({ ...form, name: '  ' }, 'edit')).toBe('Please enter a non-empty team name')
    expect(teamFormProblem({ ...form, members: [] }, 'edit')).toBe('Please add at least one team member')
    expect(teamFormProblem({ ...form, members: ['b'] }, 'edit')).toBe('Please add a team leader')
    expect(teamFormProblem(form, 'edit')).toBeNull()
  })

  it('sends leaders that are members and the trimmed name', () => {
    expect(teamFormInput({ ...form, name: ' W ', members: ['a', 'b'], teamLeaders: ['a', 'c'] }, { imageRemoved: false })).toEqual({
      name: 'W',
      members: ['a', 'b'],
      teamLeaders: ['a'],
      requireTag: false,
      aISettingTemplateId: null
    })
  })
})

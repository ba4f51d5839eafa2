// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { renderInApp } from '@renderer/testing/render'
import { ErasedMemberContentCard } from './ErasedMemberContentCard'

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const radio = (value: 'keep' | 'remove') => screen.getByTestId(`erased-member-content-${value}`) as HTMLInputElement

describe('Settings → Organization: when an account is erased', () => {
  it('shows the saved choice, saves another one and keeps it', async () => {
    const fake = createFakeHost({
      'GET /organization/settings/privacy': ok({ erasedMemberContent: 'keep' }),
      'PUT /organization/settings/privacy/update': ok({ erasedMemberContent: 'remove' })
    })
    renderInApp(<ErasedMemberContentCard />, fake)
    await screen.findByTestId('erased-member-content')
    // Fluent puts the test id on the radio's input; its label names it.
    expect(screen.getByLabelText('Keep their posts and comments, shown as "Former member"')).toBe(radio('keep'))
    expect(screen.getByLabelText('Remove their posts and comments')).toBe(radio('remove'))
    expect(radio('keep').checked).toBe(true)
    const save = screen.getByTestId('erased-member-content-save') as HTMLButtonElement
    expect(save.disabled).toBe(true)
    const events = userEvent.setup()
    await events.click(radio('remove'))
    expect(save.disabled).toBe(false)
    await events.click(save)
    expect((await screen.findByTestId('toast')).textContent).toContain('Setting saved ✅')
    expect(fake.requestsTo('PUT', '/organization/settings/privacy/update').map((r) => r.body)).toEqual([{ erasedMemberContent: 'remove' }])
    await waitFor(() => expect((screen.getByTestId('erased-member-content-save') as HTMLButtonElement).disabled).toBe(true))
    expect(radio('remove').checked).toBe(true)
  })

  it('keeps the choice and says so when the save is refused', async () => {
    const fake = createFakeHost({
      'GET /organization/settings/privacy': ok({ erasedMemberContent: 'keep' }),
      'PUT /organization/settings/privacy/update': fail(403, 'Only admins can change this.', 'forbidden')
    })
    renderInApp(<ErasedMemberContentCard />, fake)
    await screen.findByTestId('erased-member-content')
    const events = userEvent.setup()
    await events.click(radio('remove'))
    await events.click(screen.getByTestId('erased-member-content-save'))
    expect((await screen.findByTestId('toast')).textContent).toContain('Setting not saved ⚠️')
    expect(radio('remove').checked).toBe(true)
    expect((screen.getByTestId('erased-member-content-save') as HTMLButtonElement).disabled).toBe(false)
  })
})

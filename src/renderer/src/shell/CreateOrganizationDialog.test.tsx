// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { doubleClickBeforeRender, heldReply } from '@renderer/testing/fastClicks'
import { aSession } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import { CreateOrganizationDialog } from './CreateOrganizationDialog'

beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined))
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const created = { id: 'org-c', organizationWorkOSId: 'org_c', name: 'Gamma' }
const submit = () => screen.getByTestId('create-organization-submit') as HTMLButtonElement

function open(replies: Parameters<typeof createFakeHost>[0]) {
  const fake = createFakeHost({
    'POST /auth/switch-organization': ok(aSession({ organizationId: 'org-c', organizationWorkOSId: 'org_c' })),
    ...replies
  })
  const onOpenChange = vi.fn()
  const view = renderInApp(<CreateOrganizationDialog open onOpenChange={onOpenChange} />, fake)
  return { ...view, fake, onOpenChange, events: userEvent.setup() }
}

describe('Create new organization dialog', () => {
  it('creates once for a double click on Create, with an idempotency key, then switches and reloads', async () => {
    const held = heldReply(ok(created))
    const { fake, reload, events } = open({ 'POST /auth/create-organization': held.reply })
    await events.type(await screen.findByTestId('create-organization-name'), 'Gamma')
    doubleClickBeforeRender(submit())
    await held.release()
    await waitFor(() => expect(reload).toHaveBeenCalledWith('/dashboard'))
    const requests = fake.requestsTo('POST', '/auth/create-organization')
    expect(requests).toHaveLength(1)
    expect(requests[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    expect(fake.requestsTo('POST', '/auth/switch-organization')).toHaveLength(1)
    // The page is reloading: Create stays disabled.
    expect(submit().disabled).toBe(true)
  })

  it('cannot be closed while the organization is being created', async () => {
    const held = heldReply(ok(created))
    const { onOpenChange, events } = open({ 'POST /auth/create-organization': held.reply })
    await events.type(await screen.findByTestId('create-organization-name'), 'Gamma')
    await events.click(submit())
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true)
    await events.click(screen.getByTestId('create-organization-name'))
    await events.keyboard('{Escape}')
    expect(onOpenChange).not.toHaveBeenCalled()
    await held.release()
  })

  it('shows an empty name’s message and the server’s under the field, and closes without asking', async () => {
    const { fake, onOpenChange, events } = open({
      'POST /auth/create-organization': fail(400, 'Check the fields.', 'invalid_input', { organizationName: 'That name is taken.' })
    })
    await events.click(await screen.findByTestId('create-organization-submit'))
    expect(await screen.findByText('Enter the organization name.')).toBeTruthy()
    expect(fake.requests).toEqual([])
    await events.type(screen.getByTestId('create-organization-name'), 'Gamma')
    await events.click(submit())
    expect(await screen.findByText('That name is taken.')).toBeTruthy()
    await events.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(screen.queryByTestId('unsaved-changes-dialog')).toBeNull()
  })
})

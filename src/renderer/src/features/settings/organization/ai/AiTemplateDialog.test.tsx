// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AiTemplateDetail } from '@shared/domain'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { doubleClickBeforeRender, heldReply } from '@renderer/testing/fastClicks'
import { anAiTemplate } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import { AiTemplateDialog } from './AiTemplateDialog'

beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined))
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

function open(template: AiTemplateDetail | null, replies: Parameters<typeof createFakeHost>[0] = {}) {
  const fake = createFakeHost(replies)
  const onClose = vi.fn()
  renderInApp(<AiTemplateDialog open template={template} onClose={onClose} />, fake)
  return { fake, onClose, events: userEvent.setup() }
}

describe('AI template dialog', () => {
  it('creates once for a double click on Save, with an idempotency key, then closes with a toast', async () => {
    const held = heldReply(ok(anAiTemplate({ id: 'template-9', templateName: 'Bold', isDefaultOrganizationTemplate: false })))
    const { fake, onClose, events } = open(null, { 'POST /ai-template/create': held.reply })
    await events.type(screen.getByTestId('template-name'), 'Bold')
    await events.type(screen.getByTestId('template-industries'), 'Software, Retail, Software')
    doubleClickBeforeRender(screen.getByTestId('template-save'))
    await held.release()
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    const requests = fake.requestsTo('POST', '/ai-template/create')
    expect(requests).toHaveLength(1)
    expect(requests[0]?.idempotencyKey).toMatch(UUID)
    expect(requests[0]?.body).toEqual({ templateName: 'Bold', industries: ['Software', 'Retail'], tone: '', targetAudience: '', instructions: '' })
    expect((await screen.findByTestId('toast')).textContent).toContain('Template created 🎉')
  })

  it('shows the field message of an empty name without calling the server', async () => {
    const { fake, onClose, events } = open(null)
    await events.type(screen.getByTestId('template-tone'), 'Warm')
    await events.click(screen.getByTestId('template-save'))
    expect(await screen.findByText('Enter a template name.')).toBeTruthy()
    expect(fake.requests).toEqual([])
    expect(onClose).not.toHaveBeenCalled()
  })

  it('shows the server’s field messages and stays open', async () => {
    const { onClose, events } = open(anAiTemplate(), {
      'PUT /ai-template/update': fail(409, 'A template with this name exists.', 'conflict', { templateName: 'A template with this name exists.' })
    })
    await events.type(screen.getByTestId('template-name'), ' 2')
    await events.click(screen.getByTestId('template-save'))
    expect(await screen.findByText('A template with this name exists.')).toBeTruthy()
    expect(onClose).not.toHaveBeenCalled()
  })

  it('asks "You have unsaved changes!" before closing a changed form', async () => {
    const { onClose, events } = open(anAiTemplate())
    await events.type(screen.getByTestId('template-tone'), 'Warm')
    await events.click(screen.getByTestId('template-cancel'))
    expect((await screen.findByTestId('unsaved-changes-dialog')).textContent).toContain('You have unsaved changes!')
    expect(onClose).not.toHaveBeenCalled()
  })
})

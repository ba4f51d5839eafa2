// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { BusinessPage } from '@shared/domain'
import { createFakeHost, ok } from '@renderer/testing/fakeHost'
import { doubleClickBeforeRender, heldReply } from '@renderer/testing/fastClicks'
import { anAiTemplate } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import { BusinessPageDialog } from './BusinessPageDialog'

beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined))
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const acme: BusinessPage = {
  id: 'page-1',
  image: null,
  linkedInCompanyName: 'Acme',
  linkedInWebsite: null,
  linkedInCompanyDescription: null,
  linkedInPageLink: null,
  aiSettingTemplate: null,
  aiSettingTemplateId: null
}

function open(page: BusinessPage | null, replies: Parameters<typeof createFakeHost>[0] = {}) {
  const fake = createFakeHost({ 'GET /ai-template': ok([anAiTemplate()]), ...replies })
  const onClose = vi.fn()
  renderInApp(<BusinessPageDialog open page={page} onClose={onClose} />, fake)
  return { fake, onClose, events: userEvent.setup() }
}

describe('Business page dialog', () => {
  it('adds the page once for a double click on Save, with an idempotency key', async () => {
    const held = heldReply(ok(acme))
    const { fake, onClose, events } = open(null, { 'POST /organization/business-pages/create': held.reply })
    await events.type(screen.getByTestId('page-name'), ' Acme ')
    doubleClickBeforeRender(screen.getByTestId('page-save'))
    await held.release()
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    const requests = fake.requestsTo('POST', '/organization/business-pages/create')
    expect(requests).toHaveLength(1)
    expect(requests[0]?.idempotencyKey).toMatch(UUID)
    expect(requests[0]?.body).toMatchObject({ linkedInCompanyName: 'Acme', linkedInPageLink: null, aiSettingTemplateId: null })
    expect((await screen.findByTestId('toast')).textContent).toContain('Business page added 🎉')
  })

  it('shows the field message of an invalid address without calling the server', async () => {
    const { fake, events } = open(acme)
    await events.type(screen.getByTestId('page-website'), 'not a link')
    await events.click(screen.getByTestId('page-save'))
    expect(await screen.findByText('Enter a full address starting with https://')).toBeTruthy()
    expect(fake.requestsTo('PUT', '/organization/business-pages/update')).toEqual([])
  })

  it('closes an unchanged form at once', async () => {
    const { onClose, events } = open(acme)
    await events.click(screen.getByTestId('page-cancel'))
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(screen.queryByTestId('unsaved-changes-dialog')).toBeNull()
  })
})

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Guideline, GuidelineReaders } from '@shared/domain/guideline'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { doubleClickBeforeRender, heldReply } from '@renderer/testing/fastClicks'
import { renderInApp } from '@renderer/testing/render'
import { GuidelineSection, readerRows } from './GuidelineSection'

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined))
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const none: Guideline = { guideline: null, updatedAt: null, readAt: null, read: true }
const written: Guideline = { guideline: '# Our guideline\n\nBe **kind**.', updatedAt: '2026-11-20T10:00:00.000Z', readAt: '2026-11-20T10:00:00.000Z', read: true }
const readers: GuidelineReaders = {
  updatedAt: written.updatedAt,
  readers: [
    { userId: 'u1', fullName: 'Ada Admin', image: null, role: 'ADMIN', readAt: '2026-11-20T10:00:00.000Z', read: true },
    { userId: 'u2', fullName: 'Max Member', image: null, role: 'MEMBER', readAt: null, read: false },
    { userId: 'u3', fullName: 'Zoe Zed', image: null, role: 'MEMBER', readAt: '2026-11-01T10:00:00.000Z', read: false }
  ]
}

describe('posting guideline section', () => {
  it('writes a first guideline with a preview, saving once however fast Save is clicked twice', async () => {
    const saved = heldReply(ok({ ...written, guideline: '# Hello\n\nBe kind.' }))
    const fake = createFakeHost({ 'GET /organization/guideline': ok(none), 'PUT /organization/guideline/update': saved.reply, 'GET /organization/guideline/readers': ok(readers) })
    renderInApp(<GuidelineSection />, fake, '/settings/organization?section=guideline')
    const events = userEvent.setup()
    const body = await screen.findByTestId('guideline-body')
    expect(screen.queryByTestId('guideline-readers')).toBeNull()
    expect((screen.getByTestId('guideline-save') as HTMLButtonElement).disabled).toBe(true)
    await events.type(body, '# Hello{enter}{enter}Be kind.')
    expect(screen.getByTestId('guideline-count').textContent).toBe('17 / 20,000 characters')
    // A first guideline: everyone reads it; no "ask again" choice.
    expect(screen.queryByTestId('guideline-reread')).toBeNull()
    await events.click(screen.getByTestId('guideline-preview-tab'))
    expect(screen.getByTestId('guideline-preview').querySelector('h1')?.textContent).toBe('Hello')
    doubleClickBeforeRender(screen.getByTestId('guideline-save'))
    await saved.release()
    expect(fake.requestsTo('PUT', '/organization/guideline/update')).toHaveLength(1)
    expect(fake.requestsTo('PUT', '/organization/guideline/update')[0]?.body).toEqual({ guideline: '# Hello\n\nBe kind.', askToReread: true })
    expect((await screen.findByTestId('toast')).textContent).toContain('Guideline saved ✅')
  })

  it('edits without asking members again when the box is cleared, and lists who has read it', async () => {
    const fake = createFakeHost({
      'GET /organization/guideline': ok(written),
      'PUT /organization/guideline/update': ok({ ...written, guideline: '# Our guideline\n\nBe **kind**!' }),
      'GET /organization/guideline/readers': ok(readers)
    })
    renderInApp(<GuidelineSection />, fake, '/settings/organization?section=guideline')
    const events = userEvent.setup()
    expect(await screen.findByText('1 of 3 members have read the current version')).toBeTruthy()
    expect(screen.getAllByTestId('guideline-reader').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Max Member'),
      expect.stringContaining('Zoe Zed'),
      expect.stringContaining('Ada Admin')
    ])
    await events.click(screen.getByTestId('guideline-only-unread'))
    expect(screen.getAllByTestId('guideline-reader')).toHaveLength(2)

    await events.type(screen.getByTestId('guideline-body'), '!')
    const reread = screen.getByTestId('guideline-reread') as HTMLInputElement
    expect(reread.checked).toBe(true)
    await events.click(reread)
    await events.click(screen.getByTestId('guideline-save'))
    await waitFor(() => expect(fake.requestsTo('PUT', '/organization/guideline/update')).toHaveLength(1))
    expect(fake.requestsTo('PUT', '/organization/guideline/update')[0]?.body).toEqual({ guideline: '# Our guideline\n\nBe **kind**.!', askToReread: false })
  })

  it('keeps the text and shows the field message when the server refuses it', async () => {
    const fake = createFakeHost({
      'GET /organization/guideline': ok(written),
      'PUT /organization/guideline/update': fail(400, 'Invalid input', 'invalid_input', { guideline: 'The guideline can be at most 20,000 characters.' }),
      'GET /organization/guideline/readers': ok(readers)
    })
    renderInApp(<GuidelineSection />, fake, '/settings/organization?section=guideline')
    const events = userEvent.setup()
    await events.type(await screen.findByTestId('guideline-body'), ' More.')
    await events.click(screen.getByTestId('guideline-save'))
    expect(await screen.findByText('The guideline can be at most 20,000 characters.')).toBeTruthy()
    expect((screen.getByTestId('guideline-body') as HTMLTextAreaElement).value).toBe(`${written.guideline} More.`)
  })

  it('removes the guideline only after its confirmation', async () => {
    const fake = createFakeHost({ 'GET /organization/guideline': ok(written), 'PUT /organization/guideline/update': ok(none), 'GET /organization/guideline/readers': ok(readers) })
    renderInApp(<GuidelineSection />, fake, '/settings/organization?section=guideline')
    const events = userEvent.setup()
    await events.click(await screen.findByTestId('guideline-remove'))
    expect(fake.requestsTo('PUT', '/organization/guideline/update')).toHaveLength(0)
    doubleClickBeforeRender(await screen.findByTestId('guideline-remove-confirm-confirm'))
    await waitFor(() => expect(fake.requestsTo('PUT', '/organization/guideline/update')).toHaveLength(1))
    expect(fake.requestsTo('PUT', '/organization/guideline/update')[0]?.body).toMatchObject({ guideline: '' })
    expect((await screen.findByTestId('toast')).textContent).toContain('Guideline removed ✅')
    await waitFor(() => expect((screen.getByTestId('guideline-body') as HTMLTextAreaElement).value).toBe(''))
  })

  it('asks before unsaved text is left for another section, and stays when told to', async () => {
    const fake = createFakeHost({ 'GET /organization/guideline': ok(written), 'GET /organization/guideline/readers': ok(readers) })
    const { router } = renderInApp(<GuidelineSection />, fake, '/settings/organization?section=guideline')
    const events = userEvent.setup()
    await events.type(await screen.findByTestId('guideline-body'), ' Draft.')
    void router.navigate('/settings/organization?section=members')
    await events.click(await screen.findByTestId('guideline-leave-confirm-cancel'))
    expect(screen.getByTestId('location').textContent).toBe('/settings/organization?section=guideline')
    expect((screen.getByTestId('guideline-body') as HTMLTextAreaElement).value).toBe(`${written.guideline} Draft.`)
  })
})

describe('readerRows', () => {
  it('puts those who have not read the current version first and counts the readers', () => {
    expect(readerRows(readers, false)).toMatchObject({ read: 1, total: 3, rows: [{ userId: 'u2' }, { userId: 'u3' }, { userId: 'u1' }] })
    expect(readerRows(readers, true).rows.map((r) => r.userId)).toEqual(['u2', 'u3'])
  })
})

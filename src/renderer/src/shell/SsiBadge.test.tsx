// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { SSI_MESSAGES, SSI_PAGE_URL, SSI_PILLARS } from '@shared/domain/ssi'
import type { HostRequest } from '@shared/host'
import { RECORD_SSI_TITLE } from '@renderer/dialogs/ssi/RecordSsiDialog'
import { SSI_NO_VALUE_TEXT } from '@renderer/lib/ssiBands'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { screenTestHooks } from '@renderer/testing/lifecycle'
import { renderInApp } from '@renderer/testing/render'
import { SsiBadge } from './SsiBadge'

screenTestHooks()

const saved = (req: HostRequest) => {
  const body = req.body as Record<string, number>
  return ok({ id: 'ssi-1', brand: null, people: null, insights: null, relationships: null, ...body, score: Math.round(body.score!), recordedAt: '2026-03-18T12:00:00.000Z' })
}

async function openDialog(score: number | null = null, replies: Parameters<typeof createFakeHost>[0] = {}) {
  const fake = createFakeHost({ 'PUT /user/ssi': saved, ...replies })
  renderInApp(<SsiBadge score={score} />, fake)
  const events = userEvent.setup()
  await events.click(screen.getByTestId('ssi-badge'))
  expect(await screen.findByRole('dialog', { name: RECORD_SSI_TITLE })).toBeTruthy()
  return { fake, events }
}

describe('SsiBadge', () => {
  it('shows a dash and says how to record one when no SSI is recorded', async () => {
    renderInApp(<SsiBadge score={null} />, createFakeHost())
    expect(screen.getByTestId('ssi-badge').textContent).toBe('SSI –')
    await userEvent.setup().hover(screen.getByTestId('ssi-badge'))
    const tooltip = await screen.findByRole('tooltip', {}, { timeout: 2000 })
    expect(tooltip.textContent).toContain(SSI_NO_VALUE_TEXT)
    expect(tooltip.querySelector('[data-current]')).toBeNull()
  })

  it('is named beginning with what it shows, so a speech user can say it (WCAG 2.5.3)', () => {
    renderInApp(<SsiBadge score={52} />, createFakeHost())
    const badge = screen.getByRole('button', { name: 'SSI 52, Social Selling Index' })
    expect(badge.textContent).toBe('SSI 52')
  })

  it('lists the bands with the user’s band marked, and colours the badge by band', async () => {
    renderInApp(<SsiBadge score={52} />, createFakeHost())
    expect(screen.getByTestId('ssi-badge').querySelector('[data-band]')?.getAttribute('data-band')).toBe('46-60')
    await userEvent.setup().hover(screen.getByTestId('ssi-badge'))
    const tooltip = await screen.findByRole('tooltip', {}, { timeout: 2000 })
    const bands = [...tooltip.querySelectorAll('li')].map((li) => li.textContent)
    expect(bands).toEqual(['0-30', '31-45', '46-60 ← you', '61-75', '75+'])
  })
})

describe('Record your SSI (opened from the badge)', () => {
  it('records the score and the four pillars with an idempotency key, then confirms with a toast and closes', async () => {
    const { fake, events } = await openDialog()
    for (const pillar of SSI_PILLARS) expect(screen.getByText(pillar.label)).toBeTruthy()
    await events.type(screen.getByTestId('ssi-score'), '52.4')
    await events.type(screen.getByTestId('ssi-brand'), '13')
    await events.type(screen.getByTestId('ssi-people'), '12')
    await events.type(screen.getByTestId('ssi-insights'), '14')
    await events.type(screen.getByTestId('ssi-relationships'), '13')
    await events.click(screen.getByTestId('ssi-save'))
    expect((await screen.findByTestId('toast')).textContent).toContain('Your Social Selling Index of 52 is saved.')
    await waitFor(() => expect(screen.queryByTestId('ssi-dialog')).toBeNull())
    const sent = fake.requestsTo('PUT', '/user/ssi')
    expect(sent.map((r) => r.body)).toEqual([{ score: 52.4, brand: 13, people: 12, insights: 14, relationships: 13 }])
    expect(sent[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('checks the values before sending: 120, a pillar of 26, pillars that disagree, an empty score', async () => {
    const { fake, events } = await openDialog(40)
    await events.type(screen.getByTestId('ssi-score'), '120')
    await events.click(screen.getByTestId('ssi-save'))
    expect(await screen.findByText(SSI_MESSAGES.scoreInvalid)).toBeTruthy()

    await events.clear(screen.getByTestId('ssi-score'))
    await events.type(screen.getByTestId('ssi-score'), '52')
    await events.type(screen.getByTestId('ssi-brand'), '26')
    await events.click(screen.getByTestId('ssi-save'))
    expect(await screen.findByText(SSI_MESSAGES.pillarInvalid)).toBeTruthy()

    await events.clear(screen.getByTestId('ssi-brand'))
    for (const key of ['brand', 'people', 'insights', 'relationships']) await events.type(screen.getByTestId(`ssi-${key}`), '5')
    await events.click(screen.getByTestId('ssi-save'))
    expect(await screen.findByText(SSI_MESSAGES.pillarsDisagree)).toBeTruthy()

    await events.clear(screen.getByTestId('ssi-score'))
    await events.click(screen.getByTestId('ssi-save'))
    expect(await screen.findByText(SSI_MESSAGES.scoreInvalid)).toBeTruthy()
    expect(fake.requestsTo('PUT', '/user/ssi')).toEqual([])
    expect(screen.getByTestId('ssi-dialog')).toBeTruthy()
  })

  it('shows the server’s field message and stays open', async () => {
    const { events } = await openDialog(null, { 'PUT /user/ssi': fail(400, SSI_MESSAGES.pillarsDisagree, 'validation', { score: SSI_MESSAGES.pillarsDisagree }) })
    await events.type(screen.getByTestId('ssi-score'), '50')
    await events.click(screen.getByTestId('ssi-save'))
    expect(await screen.findByText(SSI_MESSAGES.pillarsDisagree)).toBeTruthy()
    expect(screen.getByTestId('ssi-dialog')).toBeTruthy()
  })

  it('opens LinkedIn’s SSI page through the host', async () => {
    const { fake, events } = await openDialog()
    await events.click(screen.getByTestId('ssi-open-linkedin'))
    expect(fake.host.openExternal).toHaveBeenCalledWith(SSI_PAGE_URL)
  })
})

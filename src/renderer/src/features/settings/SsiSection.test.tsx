// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { SsiRecord } from '@shared/domain/ssi'
import { RECORD_SSI_TITLE } from '@renderer/dialogs/ssi/RecordSsiDialog'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { screenTestHooks } from '@renderer/testing/lifecycle'
import { renderInApp } from '@renderer/testing/render'
import { SsiSection } from './SsiSection'

screenTestHooks()

const aRecord = (score: number, recordedAt: string, pillars: Partial<SsiRecord> = {}): SsiRecord => ({
  id: `ssi-${recordedAt}`,
  score,
  brand: null,
  people: null,
  insights: null,
  relationships: null,
  recordedAt,
  ...pillars
})

function renderSection(records: SsiRecord[] | null, path = '/settings') {
  const fake = createFakeHost({ 'GET /user/ssi/history': records === null ? fail(500) : ok({ records }) })
  const view = renderInApp(<SsiSection timezone="UTC" />, fake, path)
  return { ...view, fake, events: userEvent.setup() }
}

describe('Settings: Social Selling Index', () => {
  it('shows the latest value and its band, the chart, and every record’s pillars behind a toggle', async () => {
    const { events } = renderSection([
      aRecord(52, '2026-02-01T10:00:00.000Z', { brand: 13, people: 12, insights: 14, relationships: 13 }),
      aRecord(61, '2026-03-01T10:00:00.000Z')
    ])
    expect((await screen.findByTestId('ssi-latest')).textContent).toBe('SSI 61')
    expect(screen.getByTestId('ssi-latest-band').textContent).toContain('Band 61-75, recorded 1 March 2026')
    expect((await screen.findByTestId('ssi-history-chart')).getAttribute('data-points')).toBe('2')
    expect(screen.queryByTestId('ssi-history-table')).toBeNull()
    await events.click(screen.getByTestId('ssi-table-toggle'))
    const rows = within(screen.getByTestId('ssi-history-table')).getAllByTestId('ssi-history-row')
    // Newest first.
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))).toEqual([
      ['1 March 2026', '61', '–', '–', '–', '–'],
      ['1 February 2026', '52', '13', '12', '14', '13']
    ])
  })

  it('says what to do when nothing is recorded, and Record SSI opens the dialog', async () => {
    const { events } = renderSection([])
    expect(await screen.findByTestId('ssi-none')).toBeTruthy()
    expect(screen.queryByTestId('ssi-history-chart')).toBeNull()
    await events.click(screen.getByTestId('ssi-record'))
    expect(await screen.findByRole('dialog', { name: RECORD_SSI_TITLE })).toBeTruthy()
  })

  it('opens the dialog from the reminder’s link (?ssi=1) and drops the parameter when it closes', async () => {
    const { events } = renderSection([], '/settings?ssi=1')
    expect(await screen.findByRole('dialog', { name: RECORD_SSI_TITLE })).toBeTruthy()
    await events.click(screen.getByTestId('ssi-cancel'))
    await waitFor(() => expect(screen.queryByTestId('ssi-dialog')).toBeNull())
    expect(screen.getByTestId('location').textContent).toBe('/settings')
  })

  it('offers a retry when the history cannot be read', async () => {
    renderSection(null)
    expect(await screen.findByRole('button', { name: /try again/i })).toBeTruthy()
  })
})

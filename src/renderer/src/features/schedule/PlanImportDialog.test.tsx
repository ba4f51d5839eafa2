// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { PlanImportPreview } from '@shared/api/contract'
import type { HostRequest } from '@shared/host'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { screenTestHooks } from '@renderer/testing/lifecycle'
import { renderInApp } from '@renderer/testing/render'
import { PlanImportDialog } from './PlanImportDialog'

screenTestHooks()

const values = (memberEmail: string) => ({ memberEmail, date: '2026-12-01', time: '09:00', timeZone: '', topicTag: '', page: '', postType: '', audience: '', contentIdea: 'Idea' })

/** A preview of `total` rows, the lines in `bad` with a date problem. */
function previewOf(total: number, bad: number[] = []): PlanImportPreview {
  const rows = Array.from({ length: total }, (_, i): PlanImportPreview['rows'][number] => ({
    line: i + 2,
    values: values(`member${i}@example.com`),
    errors: bad.includes(i + 2) ? { date: 'Choose a day from tomorrow to 90 days ahead.' } : {}
  }))
  return { rows, total, valid: total - bad.length, invalid: bad.length }
}

function open(preview: (req: HostRequest) => ReturnType<typeof ok>) {
  const onClose = vi.fn()
  const fake = createFakeHost({
    'POST /schedule/import/preview': preview,
    'POST /schedule/import/commit': (req) => ok({ created: (req.body as { csv: string }).csv.split('\n').length - 1 })
  })
  renderInApp(<PlanImportDialog onClose={onClose} />, fake, '/schedule')
  return { fake, onClose }
}

const choose = (name: string, text: string) =>
  fireEvent.change(screen.getByTestId('plan-import-file-input'), { target: { files: [new File([text], name, { type: 'text/csv' })] } })
const submit = () => screen.getByTestId('plan-import-submit') as HTMLButtonElement

describe('Import slots from CSV', () => {
  it('previews the rows with their problems, keeps Import disabled, and previews a corrected file again', async () => {
    const { fake } = open((req) => ok((req.body as { csv: string }).csv.includes('bad') ? previewOf(3, [3, 4]) : previewOf(3)))
    expect(submit().disabled).toBe(true)

    choose('plan-bad.csv', 'header\nbad')
    const summary = await screen.findByTestId('plan-import-summary')
    expect(summary.textContent).toBe('2 rows need fixing. Fix them in the file and choose it again.')
    const row3 = await screen.findByTestId('plan-import-row-3')
    expect(within(row3).getByText('Date: Choose a day from tomorrow to 90 days ahead.')).toBeTruthy()
    // What needs fixing is the column after the line, in view however wide the file's columns are.
    expect(screen.getAllByRole('columnheader').slice(0, 3).map((h) => h.textContent)).toEqual(['Line', 'Problems', 'Member email'])
    expect(within(row3).getByText('2026-12-01').getAttribute('data-invalid')).toBe('true')
    expect(within(screen.getByTestId('plan-import-row-2')).getByText('2026-12-01').getAttribute('data-invalid')).toBeNull()
    expect(submit().disabled).toBe(true)

    choose('plan-fixed.csv', 'header\ngood\ngood\ngood')
    await waitFor(() => expect(screen.getByTestId('plan-import-summary').textContent).toBe('3 rows are ready to import.'))
    expect(fake.requestsTo('POST', '/schedule/import/preview').map((r) => (r.body as { csv: string }).csv)).toEqual(['header\nbad', 'header\ngood\ngood\ngood'])
    expect(submit().disabled).toBe(false)
    expect(submit().textContent).toBe('Import 3 slots')
    expect(fake.requestsTo('POST', '/schedule/import/commit')).toHaveLength(0)
  })

  it('imports every row with an idempotency key, says so and closes', async () => {
    const { fake, onClose } = open(() => ok(previewOf(3)))
    choose('plan.csv', 'header\na\nb\nc')
    await waitFor(() => expect(submit().disabled).toBe(false))
    fireEvent.click(submit())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    const [commit] = fake.requestsTo('POST', '/schedule/import/commit')
    expect(commit!.body).toEqual({ csv: 'header\na\nb\nc' })
    expect(commit!.idempotencyKey).toBeTruthy()
    expect((await screen.findByTestId('toast')).textContent).toContain('3 slots imported ✅')
  })

  it('Cancel closes without asking and creates nothing', async () => {
    const { fake, onClose } = open(() => ok(previewOf(1)))
    choose('plan.csv', 'header\na')
    await screen.findByTestId('plan-import-summary')
    fireEvent.click(screen.getByTestId('plan-import-cancel'))
    expect(onClose).toHaveBeenCalled()
    expect(fake.requestsTo('POST', '/schedule/import/commit')).toHaveLength(0)
  })

  it("shows the server's refusal of the whole file under the picker", async () => {
    open(() => fail(400, 'The header row needs the column Time.', 'validation', { csv: 'The header row needs the column Time.' }))
    choose('plan.csv', 'Member email,Date')
    expect(await screen.findByText('The header row needs the column Time.')).toBeTruthy()
    expect(screen.queryByTestId('plan-import-summary')).toBeNull()
    expect(submit().disabled).toBe(true)
  })

  it('renders only the rows in view of a 5,000-row preview', async () => {
    open(() => ok(previewOf(5000, [5001])))
    choose('plan.csv', 'header\n…')
    expect((await screen.findByTestId('plan-import-summary')).textContent).toBe('1 row needs fixing. Fix them in the file and choose it again.')
    expect(screen.getAllByTestId(/^plan-import-row-/).length).toBeLessThan(100)
  })
})

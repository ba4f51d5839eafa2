// @vitest-environment happy-dom
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createFakeHost } from '@renderer/testing/fakeHost'
import { renderInApp } from '@renderer/testing/render'
import { TimeZonePicker } from './TimeZonePicker'

afterEach(cleanup)

describe('TimeZonePicker', () => {
  it('filters the zones by what is typed, ignoring case and underscores', async () => {
    const onChange = vi.fn()
    renderInApp(<TimeZonePicker value="UTC" onChange={onChange} data-testid="tz" />, createFakeHost())
    const input = screen.getByTestId('tz')
    fireEvent.change(input, { target: { value: 'new york' } })
    await userEvent.setup().click(await screen.findByRole('option', { name: 'America/New_York' }))
    expect(onChange).toHaveBeenCalledWith('America/New_York')
  })

  it('shows the chosen zone once one is picked', async () => {
    function Controlled() {
      const [value, setValue] = useState<string | null>('UTC')
      return <TimeZonePicker value={value} onChange={setValue} data-testid="tz" />
    }
    renderInApp(<Controlled />, createFakeHost())
    const input = screen.getByTestId('tz') as HTMLInputElement
    fireEvent.change(input, { target: { value: 'tokyo' } })
    await userEvent.setup().click(await screen.findByRole('option', { name: 'Asia/Tokyo' }))
    expect(input.value).toBe('Asia/Tokyo')
  })

  it('says when nothing matches', async () => {
    renderInApp(<TimeZonePicker value={null} onChange={vi.fn()} data-testid="tz" />, createFakeHost())
    fireEvent.change(screen.getByTestId('tz'), { target: { value: 'Atlantis' } })
    expect(await screen.findByText('No results found')).toBeTruthy()
  })
})

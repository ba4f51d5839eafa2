// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createFakeHost } from '@renderer/testing/fakeHost'
import { renderInApp } from '@renderer/testing/render'
import { SsiBadge } from './SsiBadge'

afterEach(cleanup)

describe('SsiBadge', () => {
  it('shows a dash when LinkedIn has not reported an index', () => {
    renderInApp(<SsiBadge score={null} />, createFakeHost())
    expect(screen.getByTestId('ssi-badge').textContent).toBe('SSI –')
  })

  it('lists the bands with the user’s band marked', async () => {
    renderInApp(<SsiBadge score={52} />, createFakeHost())
    await userEvent.setup().hover(screen.getByTestId('ssi-badge'))
    const tooltip = await screen.findByRole('tooltip', {}, { timeout: 2000 })
    const bands = [...tooltip.querySelectorAll('li')].map((li) => li.textContent)
    expect(bands).toEqual(['0-30', '31-45', '46-60 ← you', '61-75', '75+'])
  })
})

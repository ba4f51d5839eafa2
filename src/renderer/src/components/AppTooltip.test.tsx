// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@shared/constants'
import { AppTooltip } from './AppTooltip'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms))
/** The visible tooltip's text: Fluent draws a tooltip's surface (role tooltip) only while it shows. */
const shown = (text: string) => screen.queryAllByRole('tooltip').some((tip) => tip.textContent === text)

function Row() {
  return (
    <FluentProvider theme={webLightTheme}>
      <AppTooltip content="Plan" relationship="description">
        <button>P</button>
      </AppTooltip>
      <AppTooltip content="Results" relationship="description">
        <button>R</button>
      </AppTooltip>
    </FluentProvider>
  )
}

describe('AppTooltip: the spec’s tooltip timing', () => {
  it(`shows after ${TOOLTIP_DELAY_MS} ms, and the next one at once when the pointer moves on within ${TOOLTIP_SKIP_DELAY_MS} ms`, () => {
    render(<Row />)
    const [plan, results] = screen.getAllByRole('button') as [HTMLElement, HTMLElement]
    fireEvent.pointerEnter(plan)
    advance(TOOLTIP_DELAY_MS - 1)
    expect(shown('Plan')).toBe(false)
    advance(1)
    expect(shown('Plan')).toBe(true)

    // Moving to the next icon within the skip delay: no wait.
    fireEvent.pointerLeave(plan)
    advance(TOOLTIP_SKIP_DELAY_MS - 50)
    fireEvent.pointerEnter(results)
    advance(0)
    expect(shown('Results')).toBe(true)
    expect(shown('Plan')).toBe(false)

    // After the skip delay has passed, the full delay again.
    fireEvent.pointerLeave(results)
    advance(TOOLTIP_SKIP_DELAY_MS + 1)
    expect(shown('Results')).toBe(false)
    fireEvent.pointerEnter(plan)
    advance(TOOLTIP_DELAY_MS - 1)
    expect(shown('Plan')).toBe(false)
    advance(1)
    expect(shown('Plan')).toBe(true)
  })
})

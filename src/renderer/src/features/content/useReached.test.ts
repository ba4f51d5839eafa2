// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, renderHook } from '@testing-library/react'
import { useReached } from './useReached'

const NOW = new Date('2026-03-03T14:20:00.000Z')
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString()

beforeEach(() => vi.useFakeTimers({ now: NOW }))
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('useReached', () => {
  it('is true at once for an instant already past or now, false without one', () => {
    expect(renderHook(() => useReached(at(-1000))).result.current).toBe(true)
    expect(renderHook(() => useReached(at(0))).result.current).toBe(true)
    expect(renderHook(() => useReached(null)).result.current).toBe(false)
  })

  it('turns true the moment the instant (less the lead) comes, with no render in between', () => {
    const { result } = renderHook(() => useReached(at(90_000), 60_000))
    expect(result.current).toBe(false)
    act(() => {
      vi.advanceTimersByTime(29_999)
    })
    expect(result.current).toBe(false)
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(result.current).toBe(true)
  })

  it('waits past setTimeout’s longest delay for an instant weeks ahead', () => {
    const { result } = renderHook(() => useReached(at(40 * 24 * 3_600_000)))
    act(() => {
      vi.advanceTimersByTime(30 * 24 * 3_600_000)
    })
    expect(result.current).toBe(false)
    act(() => {
      vi.advanceTimersByTime(10 * 24 * 3_600_000)
    })
    expect(result.current).toBe(true)
  })
})

import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

/**
 * The hooks a screen's test file starts with: console errors silenced (the screens' error states
 * are tested on purpose, and React reports the failed requests), the DOM and the mocks reset after
 * each test. With `now`, Date stands at that instant (only Date: timers stay real, so queries,
 * debounces and user events run as in the app).
 */
export function screenTestHooks(options: { now?: Date } = {}): void {
  beforeEach(() => {
    if (options.now) vi.useFakeTimers({ toFake: ['Date'], now: options.now })
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })
  afterEach(() => {
    cleanup()
    if (options.now) vi.useRealTimers()
    vi.restoreAllMocks()
  })
}

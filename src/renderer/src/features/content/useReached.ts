import { useCallback, useSyncExternalStore } from 'react'

/** setTimeout takes at most 2^31 - 1 ms (about 24.8 days); longer waits are re-armed. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1

/**
 * Whether an instant, less `leadMs`, has come: read from the clock at every render and re-rendered
 * the moment it comes (a post whose time has come shows as being published at once, with no frame
 * showing its time as if it were ahead).
 */
export function useReached(instant: string | null, leadMs = 0): boolean {
  const at = instant === null ? null : Date.parse(instant) - leadMs
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (at === null || Number.isNaN(at)) return () => undefined
      let timer: ReturnType<typeof setTimeout> | undefined
      const arm = () => {
        const left = at - Date.now()
        if (left <= 0) onChange()
        else timer = setTimeout(arm, Math.min(left, LONGEST_TIMEOUT_MS))
      }
      arm()
      return () => clearTimeout(timer)
    },
    [at]
  )
  return useSyncExternalStore(subscribe, () => at !== null && Date.now() >= at)
}

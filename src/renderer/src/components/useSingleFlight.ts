import { useCallback, useRef, useState } from 'react'

/**
 * Runs one task at a time: a second `run` while one is under way does nothing and resolves
 * undefined. The guard is a ref set before the first await, because React may not render (and
 * disable a button) between two fast clicks or Enters; `running` is the same fact as state, for
 * spinners and disabled buttons. The form-dialog kit's saves, DeleteConfirm and Add tag use it.
 */
export function useSingleFlight() {
  const inFlight = useRef(false)
  const [running, setRunning] = useState(false)
  const run = useCallback(async <T>(task: () => Promise<T>): Promise<T | undefined> => {
    if (inFlight.current) return undefined
    inFlight.current = true
    setRunning(true)
    try {
      return await task()
    } finally {
      inFlight.current = false
      setRunning(false)
    }
  }, [])
  return { running, run }
}

import { useCallback, useEffect, useRef, useState } from 'react'

/** How long Undo is offered before a dismissal is sent (the server keeps no way back). */
export const DISMISS_UNDO_MS = 6000

/**
 * Dismissals held back for an Undo: `dismiss` hides a recommendation at once and sends it after
 * DISMISS_UNDO_MS unless `undo` came first; leaving the page sends the ones still waiting. The
 * server has no undismiss, so this is where nothing is lost by a slip.
 */
export function useDeferredDismiss(send: (recommendationId: string) => void, delayMs = DISMISS_UNDO_MS) {
  const [waiting, setWaiting] = useState<readonly string[]>([])
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>())
  const sendRef = useRef(send)
  useEffect(() => {
    sendRef.current = send
  }, [send])

  const commit = useCallback((id: string) => {
    const timer = timers.current.get(id)
    if (timer === undefined) return
    clearTimeout(timer)
    timers.current.delete(id)
    setWaiting((ids) => ids.filter((w) => w !== id))
    sendRef.current(id)
  }, [])

  const dismiss = useCallback(
    (id: string) => {
      if (timers.current.has(id)) return
      timers.current.set(
        id,
        setTimeout(() => commit(id), delayMs)
      )
      setWaiting((ids) => [...ids, id])
    },
    [commit, delayMs]
  )

  const undo = useCallback((id: string) => {
    const timer = timers.current.get(id)
    if (timer === undefined) return
    clearTimeout(timer)
    timers.current.delete(id)
    setWaiting((ids) => ids.filter((w) => w !== id))
  }, [])

  useEffect(() => {
    const pending = timers.current
    return () => {
      for (const [id, timer] of pending) {
        clearTimeout(timer)
        sendRef.current(id)
      }
      pending.clear()
    }
  }, [])

  return { waiting, dismiss, undo }
}

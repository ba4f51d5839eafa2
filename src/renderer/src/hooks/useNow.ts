import { useEffect, useState } from 'react'
import { MINUTE_MS } from '@shared/constants'

/** The current time, refreshed every minute: enough for day counts and expiry checks. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE_MS)
    return () => clearInterval(timer)
  }, [])
  return now
}

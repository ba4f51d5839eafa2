import { useEffect, useState } from 'react'

/** True once `flag` has stayed true for `delayMs`; false as soon as it turns false (no flash for quick loads). */
export function useDebouncedFlag(flag: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!flag) return
    const timer = setTimeout(() => setShown(true), delayMs)
    return () => {
      clearTimeout(timer)
      setShown(false)
    }
  }, [flag, delayMs])
  return flag && shown
}

import { useEffect, useRef } from 'react'
import type { User } from '@shared/domain'
import { useUpdateUserDetails } from '@renderer/api/user'

function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null
  } catch {
    return null
  }
}

/** A user without a timezone gets the browser's (spec §2), once per session of the page. */
export function useTimezoneSync(user: User | undefined): void {
  const { mutate: updateUserDetails } = useUpdateUserDetails()
  const sent = useRef(false)
  useEffect(() => {
    if (!user || user.timezone !== null || sent.current) return
    const timezone = browserTimeZone()
    if (!timezone) return
    sent.current = true
    updateUserDetails({ timezone })
  }, [user, updateUserDetails])
}

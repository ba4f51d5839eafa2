import { useCallback } from 'react'
import { MESSAGES } from '@shared/api/messages'
import { isEntitled } from '@shared/rules'
import { useEntitlements } from '@renderer/api/entitlements'
import { useNotify } from '@renderer/lib/toasts'

/**
 * 'New Team' needs the TEAMS entitlement (spec §6): without it the 'Upgrade Plan 🚀' toast shows
 * instead of the dialog. Returns a function that opens the dialog through `open` when allowed.
 */
export function useNewTeam(open: () => void, options: { enabled?: boolean } = {}) {
  const entitlements = useEntitlements(options)
  const notify = useNotify()
  // Until the entitlements are known the dialog opens: the server refuses a team over the limit.
  const refused = entitlements.isSuccess && !isEntitled(entitlements.data, 'TEAMS')
  const start = useCallback(() => {
    if (refused) notify({ title: MESSAGES.upgradePlanTitle, body: MESSAGES.teamsLimit, intent: 'warning' })
    else open()
  }, [refused, open, notify])
  return { start, checking: entitlements.isPending }
}

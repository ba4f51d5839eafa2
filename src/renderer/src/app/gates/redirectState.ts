import type { Location } from 'react-router-dom'

/** Where the auth gate found the user, so signing in can return there (with its ?orgid=). */
interface ReturnState {
  from: string
}

export function returnStateFor(location: Location): ReturnState {
  return { from: `${location.pathname}${location.search}${location.hash}` }
}

export function returnPathFrom(state: unknown): string | null {
  if (!state || typeof state !== 'object' || !('from' in state)) return null
  const from = (state as { from: unknown }).from
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null
}

import type { User } from '@shared/domain'

/** The user's timezone, or the browser's for a user who has none yet. */
export function userTimeZone(user: Pick<User, 'timezone'>): string {
  return user.timezone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC')
}

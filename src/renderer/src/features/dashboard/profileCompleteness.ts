import type { User } from '@shared/domain'

export interface ProfileItem {
  key: 'fullName' | 'timezone' | 'linkedIn'
  label: string
  done: boolean
}

/**
 * The profile checklist on the dashboard and its completion in whole percent. Only what the user
 * can do in the app today is listed, each item a link to where it is done (Settings): a profile
 * photo and the posting guideline have no screen yet, and an item the user cannot act on would
 * keep the profile below 100% for good.
 */
export function profileCompleteness(user: Pick<User, 'fullName' | 'timezone' | 'isLinkedInConnected'>): {
  items: ProfileItem[]
  percent: number
} {
  const items: ProfileItem[] = [
    { key: 'fullName', label: 'Add your full name', done: user.fullName.trim() !== '' },
    { key: 'timezone', label: 'Set your time zone', done: user.timezone !== null },
    { key: 'linkedIn', label: 'Connect LinkedIn', done: user.isLinkedInConnected }
  ]
  const percent = Math.round((items.filter((i) => i.done).length / items.length) * 100)
  return { items, percent }
}

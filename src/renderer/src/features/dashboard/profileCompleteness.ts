import type { User } from '@shared/domain'

export interface ProfileItem {
  key: 'fullName' | 'photo' | 'timezone' | 'linkedIn'
  /** What is left to do, or once done what was done ('Set your time zone', 'Time zone set'). */
  label: string
  done: boolean
}

/**
 * The profile checklist on the dashboard and its completion in whole percent. Only what the user
 * can do in the app today is listed, each item a link to where it is done (Settings → Profile, the
 * photo included). The posting guideline is not an item: not every organization has one, and its
 * own banner asks until it is read.
 */
export function profileCompleteness(user: Pick<User, 'fullName' | 'image' | 'timezone' | 'isLinkedInConnected'>): {
  items: ProfileItem[]
  percent: number
} {
  const item = (key: ProfileItem['key'], todo: string, doneLabel: string, done: boolean): ProfileItem => ({ key, label: done ? doneLabel : todo, done })
  const items: ProfileItem[] = [
    item('fullName', 'Add your full name', 'Full name added', user.fullName.trim() !== ''),
    item('photo', 'Add a profile photo', 'Profile photo added', user.image !== null),
    item('timezone', 'Set your time zone', 'Time zone set', user.timezone !== null),
    item('linkedIn', 'Connect LinkedIn', 'LinkedIn connected', user.isLinkedInConnected)
  ]
  const percent = Math.round((items.filter((i) => i.done).length / items.length) * 100)
  return { items, percent }
}

import type { User } from '@shared/domain'

export interface ProfileItem {
  key: 'fullName' | 'timezone' | 'photo' | 'linkedIn' | 'guideline'
  label: string
  done: boolean
}

/** The profile checklist on the dashboard and its completion in whole percent. */
export function profileCompleteness(user: Pick<User, 'fullName' | 'timezone' | 'image' | 'isLinkedInConnected' | 'guidelineRead'>): {
  items: ProfileItem[]
  percent: number
} {
  const items: ProfileItem[] = [
    { key: 'fullName', label: 'Add your full name', done: user.fullName.trim() !== '' },
    { key: 'timezone', label: 'Set your time zone', done: user.timezone !== null },
    { key: 'photo', label: 'Add a profile photo', done: user.image !== null && user.image !== '' },
    { key: 'linkedIn', label: 'Connect LinkedIn', done: user.isLinkedInConnected },
    { key: 'guideline', label: 'Read the posting guideline', done: user.guidelineRead }
  ]
  const percent = Math.round((items.filter((i) => i.done).length / items.length) * 100)
  return { items, percent }
}

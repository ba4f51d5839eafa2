import { linkTo } from '../../../shared/routes'

/* A nudge's words and refusals (docs/architecture.md, "Team effort, nudges and the dashboard"). */

export const NUDGE_TITLE = 'Time to post ✍️'
export const STREAK_WEEKS_MAX = 52
export const WRITE_POST_LINK = linkTo('writePost')

export const EFFORT_MESSAGES = {
  nudgeNotAllowed: 'Only the member’s team leaders and admins can nudge them.',
  nudgeInactive: 'Only active members can be nudged.',
  nudgeNotBehind: 'This member is not behind their target for that month.',
  alreadyNudged: 'Already nudged today.'
} as const

export function nudgeMessage(input: { nudger: string; published: number; target: number; monthLabel: string; hasSlot: boolean }): string {
  const posts = `${input.published} of ${input.target} post${input.target === 1 ? '' : 's'}`
  const next = input.hasSlot ? 'Your next slot is waiting for you.' : 'Write a post to catch up.'
  return `${input.nudger} cheered you on: ${posts} published in ${input.monthLabel}. ${next}`
}

import { POLL_DURATION_DEFAULT, POLL_OPTIONS_MIN } from '@shared/constants'

/** A poll as the editor holds it: options may be blank while the user types. */
export interface PollDraft {
  question: string
  options: string[]
  durationDays: number
}

/** A new poll: no question, the two options LinkedIn asks for at least, a week to vote. */
export function emptyPoll(): PollDraft {
  return { question: '', options: Array.from({ length: POLL_OPTIONS_MIN }, () => ''), durationDays: POLL_DURATION_DEFAULT }
}

/** '1 day', '3 days', '1 week', '2 weeks': LinkedIn's own names for its poll durations. */
export function pollDurationLabel(days: number): string {
  if (days % 7 === 0) return days === 7 ? '1 week' : `${days / 7} weeks`
  return days === 1 ? '1 day' : `${days} days`
}

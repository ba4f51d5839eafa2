import { addDays, format } from 'date-fns'
import { MAX_SUGGESTED_COMMENTS, RECOMMENDED_MESSAGES, type CreateRecommendationBody, type RecommendationAudienceKind } from '@shared/domain/recommended'
import { localDate, zonedInstant } from '@shared/rules/slots'
import type { FieldErrors } from '@renderer/lib/formErrors'

export type RecommendSource = 'post' | 'url'

/** What the Recommend dialog holds. */
export interface RecommendValues {
  source: RecommendSource
  postId: string | null
  linkedInPostUrl: string
  note: string
  suggestedComments: string[]
  audience: RecommendationAudienceKind
  teamIds: string[]
  memberIds: string[]
  /** The last day it is offered ('yyyy-MM-dd' in the user's zone); '' for no end. */
  endsOn: string
}

export const INITIAL_RECOMMEND_VALUES: RecommendValues = {
  source: 'post',
  postId: null,
  linkedInPostUrl: '',
  note: '',
  suggestedComments: [''],
  audience: 'everyone',
  teamIds: [],
  memberIds: [],
  endsOn: ''
}

export const canAddComment = (values: RecommendValues) => values.suggestedComments.length < MAX_SUGGESTED_COMMENTS

/** The first day an end date may be: today (it then ends tonight). */
export function firstEndDay(now: Date, timeZone: string): string {
  return localDate(now, timeZone)
}

/** A recommendation offered until `endsOn` ends at the midnight after it, in the user's zone. */
function endsAtOf(endsOn: string, timeZone: string): string | null {
  if (endsOn === '') return null
  const [y, m, d] = endsOn.split('-').map(Number) as [number, number, number]
  const next = format(addDays(new Date(y, m - 1, d), 1), 'yyyy-MM-dd')
  return zonedInstant(next, '00:00', timeZone).toISOString()
}

/**
 * The checks the dialog makes before sending (the server makes them again): a post or an address
 * as the source says, the audience's teams or members, an end not past.
 * `urlProblem` is the shared address rule's verdict on the address.
 */
export function recommendProblems(values: RecommendValues, now: Date, timeZone: string, urlProblem: string | null): FieldErrors {
  const errors: FieldErrors = {}
  if (values.source === 'post' && values.postId === null) errors.postId = RECOMMENDED_MESSAGES.postMissing
  if (values.source === 'url') {
    if (values.linkedInPostUrl.trim() === '') errors.linkedInPostUrl = RECOMMENDED_MESSAGES.postMissing
    else if (urlProblem) errors.linkedInPostUrl = urlProblem
  }
  if (values.audience === 'teams' && values.teamIds.length === 0) errors.teamIds = RECOMMENDED_MESSAGES.audienceTeamsMissing
  if (values.audience === 'members' && values.memberIds.length === 0) errors.memberIds = RECOMMENDED_MESSAGES.audienceMembersMissing
  if (values.endsOn !== '' && values.endsOn < firstEndDay(now, timeZone)) errors.endsAt = RECOMMENDED_MESSAGES.endsInPast
  return errors
}

/** The request body: only the source chosen, only the audience's own ids. */
export function recommendBody(values: RecommendValues, timeZone: string): CreateRecommendationBody {
  return {
    ...(values.source === 'post' ? { postId: values.postId ?? undefined } : { linkedInPostUrl: values.linkedInPostUrl.trim() }),
    note: values.note.trim(),
    // Suggested comments are optional: a row left blank is not one.
    suggestedComments: values.suggestedComments.map((c) => c.trim()).filter((c) => c !== ''),
    audience: values.audience,
    teamIds: values.audience === 'teams' ? values.teamIds : [],
    memberIds: values.audience === 'members' ? values.memberIds : [],
    endsAt: endsAtOf(values.endsOn, timeZone)
  }
}

import type { PostStatus } from '@shared/domain'
import type { Recommendation } from '@shared/domain/recommended'

/** A reshare's state in words (the publisher's PENDING_PUBLISH is 'Publishing'). */
export const RESHARE_STATUS_LABELS: Record<PostStatus, string> = {
  PUBLISHED: 'Published',
  SCHEDULED: 'Scheduled',
  DRAFT: 'Draft',
  PENDING_PUBLISH: 'Publishing',
  ASK_FOR_FEEDBACK: 'Asked for feedback',
  RECOMMENDED: 'Draft'
}

/** Who a recommendation is for: 'Everyone', 'Teams: Sales, Support', 'Members: Ada Lovelace, Grace Hopper'. */
export function audienceLabel(audience: Recommendation['audience']): string {
  if (audience.kind === 'everyone') return 'Everyone'
  if (audience.kind === 'teams') return `Teams: ${audience.teams.map((t) => t.name).join(', ') || '—'}`
  return `Members: ${audience.members.map((m) => m.fullName).join(', ') || '—'}`
}

/** '1 reshare', '3 reshares'. */
export function reshareCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'reshare' : 'reshares'}`
}

/** The editor's address that starts a reshare of a recommendation with its suggested comment number `comment`. */
export function reshareEditorPath(writePostPath: string, recommendationId: string, comment: number): string {
  const params = new URLSearchParams({ recommendationId, comment: String(comment) })
  return `${writePostPath}?${params.toString()}`
}

import { postStageSchema, prioritySchema, type PostStage, type Priority } from '@shared/domain'

/** The tabs: requested is "For my review", mine "My posts", team "Team" (GET /review/inbox's views). */
export type InboxView = 'requested' | 'mine' | 'team'
const INBOX_VIEWS: readonly InboxView[] = ['requested', 'mine', 'team']

/**
 * What /collaborate keeps in its address, so a reload or a shared link shows the same:
 * `?view=mine&status=DRAFT&priority=URGENT&search=launch&postId=…`. `postId` is the post whose
 * review is open (what notifications link to); without `view` the screen picks its default tab.
 */
interface CollaborateUrlState {
  view: InboxView | null
  postId: string | null
  status: PostStage | undefined
  priority: Priority | undefined
  search: string
}

export type CollaborateChanges = Partial<{ view: InboxView; postId: string | null; status: PostStage | null; priority: Priority | null; search: string }>

export function readCollaborateParams(params: URLSearchParams): CollaborateUrlState {
  const view = params.get('view')
  const status = postStageSchema.safeParse(params.get('status'))
  const priority = prioritySchema.safeParse(params.get('priority'))
  return {
    view: INBOX_VIEWS.includes(view as InboxView) ? (view as InboxView) : null,
    postId: params.get('postId') || null,
    status: status.success ? status.data : undefined,
    priority: priority.success ? priority.data : undefined,
    search: params.get('search') ?? ''
  }
}

/** The params with some of the state changed; null or '' removes a key. */
export function writeCollaborateParams(current: URLSearchParams, changes: CollaborateChanges): URLSearchParams {
  const next = new URLSearchParams(current)
  for (const [key, value] of Object.entries(changes) as Array<[string, string | null | undefined]>) {
    if (value === undefined) continue
    if (value === null || value === '') next.delete(key)
    else next.set(key, value)
  }
  return next
}

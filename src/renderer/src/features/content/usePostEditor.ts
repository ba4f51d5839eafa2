import { useMemo, useState } from 'react'
import { useId } from '@fluentui/react-components'
import { MESSAGES } from '@shared/api/messages'
import type { AssignedSlot, BusinessPage, Draft, Organization, Post, User } from '@shared/domain'
import { hasEntitlement } from '@shared/rules'
import { useEntitlements } from '@renderer/api/entitlements'
import { useAssignedSlot } from '@renderer/api/posts'
import { useReviewThread } from '@renderer/api/review'
import { useNow } from '@renderer/hooks/useNow'
import { userTimeZone } from '@renderer/lib/timeZone'
import { approvalBlock } from './postApproval'
import { activeMedia, draftProblems, emptyDraft, reshareProblems, type PostDraft } from './postDraft'
import { linkedInProblem } from './LinkedInRequired'
import { usePostActions } from './usePostActions'
import { useAutosave } from './useAutosave'
import { unlinkedPages } from './PostAsHint'

const WAIT_FOR_UPLOADS = 'Wait for the uploads to finish.'

export interface PostEditorProps {
  user: User
  organization: Organization
  /** The post to edit; null: a new one. */
  initialPost: Post | null
  /** The slot a new post is written for (its type, page, tag and idea). */
  newPostSlot: AssignedSlot | null
  /** ?slotId= named a slot the user cannot write for. */
  slotMissing: boolean
  onCreated: (post: Post) => void
  onDeleted: () => void
}

/** The business pages the user may post as: the organization's pages they are linked to. */
function linkedPages(user: User, organization: Organization) {
  const linked = new Set(user.userOrgBusinessPages.map((p) => p.businessPageId))
  return organization.organizationBusinessPages.filter((p) => linked.has(p.id))
}

/** A new post for a business-page slot is posted as the first of its pages the user is linked to. */
function slotPage(slot: AssignedSlot | null, pageIds: Set<string>): string | null {
  if (!slot?.isBusinessPageSlot) return null
  return slot.businessPages.find((p) => pageIds.has(p.id))?.id ?? null
}

/** Who the post goes out as (the preview's header), and the pages Post as offers: the linked ones and the post's own. */
function postAuthor(user: User, organization: Organization, pages: BusinessPage[], draft: PostDraft, post: Post | null) {
  const page = pages.find((p) => p.id === draft.businessPageId) ?? post?.businessPage ?? null
  const author = page
    ? { name: page.linkedInCompanyName, image: page.image, subtitle: 'Company page' }
    : { name: user.fullName, image: user.image, subtitle: organization.name }
  const pageOptions = page && !pages.some((p) => p.id === page.id) ? [...pages, page] : pages
  return { author, pageOptions }
}

/** Feedback requests and approvals need REVIEW_FLOW: without it the thread is not asked for (a 402 would open the plan dialog). */
function usePostReview(user: User, post: Post | null) {
  const entitlements = useEntitlements()
  const reviewFlow = hasEntitlement(entitlements.data ?? [], 'REVIEW_FLOW')
  const thread = useReviewThread(post?.id ?? null, { enabled: reviewFlow })
  const request = thread.data?.request?.open ? thread.data.request : null
  // A post not saved yet needs approval when its author's posts do (the server then says so on the post).
  const approvalWait = post ? approvalBlock(post) : reviewFlow && user.userApprovalFlow ? MESSAGES.approvalRequiredToSchedule : null
  return { request, approvalWait }
}

export type PostEditorState = ReturnType<typeof usePostEditor>

/**
 * The composer's state (PostEditor): the autosaved draft and the server's post, the post's open
 * feedback request, the draft's problems, what blocks Schedule and Post now, and who it goes out as.
 */
export function usePostEditor({ user, organization, initialPost, newPostSlot, onCreated, onDeleted }: PostEditorProps) {
  const timeZone = userTimeZone(user)
  const pages = useMemo(() => linkedPages(user, organization), [user, organization])
  const postAsHintId = useId('post-as-hint')
  const [initialDraft] = useState<PostDraft>(() =>
    emptyDraft({ type: newPostSlot?.postType, slotId: newPostSlot?.id ?? null, businessPageId: slotPage(newPostSlot, new Set(pages.map((p) => p.id))) })
  )
  const autosave = useAutosave({ userId: user.id, initialPost, initialDraft, onCreated })
  const { draft, post, readOnly, controller } = autosave
  // Pages of the organization nobody linked the user to: Post as cannot offer them, the hint says how to get linked.
  const postAsHinted = !readOnly && unlinkedPages(user, organization).length > 0
  // A reshare (issue 15): the text is the comment over the reshared post; no media, poll, format or page of its own.
  const reshare = post?.reshare ?? initialPost?.reshare ?? null
  const edit = controller.edit.bind(controller)
  const slot = useAssignedSlot(draft.slotId)
  const actions = usePostActions({ controller, postId: autosave.postId, timeZone, onDeleted })
  const { request, approvalWait } = usePostReview(user, post)

  const [uploading, setUploading] = useState(false)
  // A missing image, video or document is a hint until the user tried Schedule or Post now, or added and removed a file.
  const [mediaTouched, setMediaTouched] = useState(false)

  const problems = reshare ? reshareProblems(draft) : draftProblems(draft)
  const mediaMissing = problems.media !== undefined && activeMedia(draft).length === 0 && !mediaTouched
  const conflict = autosave.state === 'conflict'

  const now = useNow()
  const linkedIn = linkedInProblem(user, now)
  const blocked = uploading
    ? WAIT_FOR_UPLOADS
    : conflict
      ? MESSAGES.postChangedElsewhere
      : (linkedIn?.message ?? (Object.values(problems).join(' ') || approvalWait))
  const canAct = !readOnly && blocked === null && !actions.busy

  const applyAiDraft = (ai: Draft) =>
    edit((d) => ({ ...d, text: ai.text, poll: ai.poll ? { ...d.poll, question: ai.poll.question, options: ai.poll.options } : d.poll }))

  return {
    ...postAuthor(user, organization, pages, draft, post),
    autosave,
    timeZone,
    now,
    postAsHintId,
    postAsHinted,
    reshare,
    edit,
    slot: slot.data ?? null,
    actions,
    request,
    setUploading,
    setMediaTouched,
    problems,
    mediaMissing,
    conflict,
    linkedIn,
    blocked,
    canAct,
    applyAiDraft
  }
}

import { useMemo } from 'react'
import type { BusinessPage, BusinessPostTag, PostTag, User } from '@shared/domain'
import { slotDateWindow } from '@shared/rules/slots'
import { useAllMembers } from '@renderer/api/members'
import { useOrganization } from '@renderer/api/organization'
import { useBusinessTagsByPages, useUserTags } from '@renderer/api/slots'
import {
  assignableMembers,
  assignsOnlySelf,
  commonTags,
  membersForPages,
  pageTags,
  pagesForMembers,
  type AssignableMember,
  type SlotForm
} from './slotForm'

export interface SlotOptions {
  /** The members the picker offers (narrowed by the chosen pages). */
  members: AssignableMember[]
  /** A MEMBER assigns only themselves: the picker cannot change (spec §6). */
  locked: boolean
  /** The organization's business pages the picker offers (narrowed by the chosen members). */
  pages: BusinessPage[]
  tags: PostTag[]
  tagsLoading: boolean
  businessTags: BusinessPostTag[]
  businessTagsLoading: boolean
  /** The form with what no longer fits dropped: members and pages that cannot be chosen, tags that are not offered. */
  effective: SlotForm
}

const known = (ids: readonly string[], list: readonly { id: string }[] | undefined) =>
  list === undefined ? [...ids] : ids.filter((id) => list.some((item) => item.id === id))

/**
 * The choices of the assign-slot modal and the form as it stands against them. `extra` is a
 * member who must stay choosable (the assignee of a slot being edited).
 */
export function useSlotOptions(input: { user: User; form: SlotForm; now: Date; timeZone: string; extra?: AssignableMember }): SlotOptions {
  const { user, form, now, timeZone, extra } = input
  const members = useAllMembers({ enabled: !assignsOnlySelf(user) })
  const organization = useOrganization()

  const { members: candidates, locked } = useMemo(() => {
    const found = assignableMembers(user, members.data)
    if (!extra || found.members.some((m) => m.id === extra.id)) return found
    return { ...found, members: [extra, ...found.members] }
  }, [user, members.data, extra])

  const loadedCandidates = locked || members.isSuccess ? candidates : undefined
  const orgPages = organization.data?.organizationBusinessPages
  const userIds = known(form.userIds, loadedCandidates)
  const pageIds = known(form.pageIds, orgPages)

  const { min, max } = slotDateWindow(now, timeZone)
  const range = { startDate: min, endDate: max }
  const withPages = pageIds.length > 0
  const userTags = useUserTags(userIds, range, { enabled: !withPages })
  const businessTagLists = useBusinessTagsByPages(pageIds, range, { enabled: withPages })

  const tags = commonTags(userTags.data ?? [], userIds)
  const businessTags = pageTags(businessTagLists.data ?? [], pageIds)
  // A tag stays chosen while the options for new members or pages load; once they are known, only an offered tag does.
  const offered = (id: string | null, query: { isSuccess: boolean; isPlaceholderData: boolean }, list: readonly { id: string }[]) =>
    id === null || !query.isSuccess || query.isPlaceholderData || list.some((t) => t.id === id) ? id : null
  const tagId = offered(form.tagId, userTags, tags)
  const businessTagId = offered(form.businessTagId, businessTagLists, businessTags)

  return {
    members: membersForPages(candidates, pageIds, userIds),
    locked,
    pages: pagesForMembers(orgPages ?? [], candidates, userIds, pageIds),
    tags,
    tagsLoading: userTags.isLoading,
    businessTags,
    businessTagsLoading: businessTagLists.isLoading,
    effective: { ...form, userIds, pageIds, tagId, businessTagId }
  }
}

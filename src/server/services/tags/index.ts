import type { BusinessPageTags, BusinessPostTag, PostTag, UserTags } from '../../../shared/domain'
import type { OrganizationSession } from '../sessions'
import { businessTagsByPages } from './businessTagsByPages'
import { createBusinessTag } from './createBusinessTag'
import { createTag } from './createTag'
import { listBusinessTags } from './listBusinessTags'
import { listTags } from './listTags'
import { removeBusinessTag } from './removeBusinessTag'
import { removeTag } from './removeTag'
import { tagsByUsers } from './tagsByUsers'
import type { CreatePostTagInput, TagDeps, UpdatePostTagInput } from './types'
import { updateBusinessTag } from './updateBusinessTag'
import { updateTag } from './updateTag'

/*
 * Tags: topic tags and their assigned users, and business pages' tags. One use case per file;
 * this facade only delegates. The rules are in docs/architecture.md, "Organizations and members".
 */

export type { TagDeps } from './types'

export interface TagService {
  /** Topic tags: all of the organization's, or those assigned to a team's members, or to any of some members. */
  list(organizationId: string, filter: { teamId?: string | null; memberIds?: string[] | null }): Promise<PostTag[]>
  byUsers(organizationId: string, userIds: string[], range: { startDate: string; endDate: string }): Promise<UserTags[]>
  create(session: OrganizationSession, input: CreatePostTagInput): Promise<PostTag>
  update(session: OrganizationSession, input: UpdatePostTagInput): Promise<PostTag>
  remove(session: OrganizationSession, tagId: string): Promise<void>

  listBusiness(organizationId: string, businessPageId: string): Promise<BusinessPostTag[]>
  createBusiness(session: OrganizationSession, input: { businessPageId: string; title: string; color: string }): Promise<BusinessPostTag>
  updateBusiness(session: OrganizationSession, input: { id: string; title: string; color: string }): Promise<BusinessPostTag>
  removeBusiness(session: OrganizationSession, id: string): Promise<void>
  businessByPages(organizationId: string, businessPageIds: string[], range: { startDate: string; endDate: string }): Promise<BusinessPageTags[]>
}

export function createTagService(deps: TagDeps): TagService {
  return {
    list: (organizationId, filter) => listTags(deps, organizationId, filter),
    byUsers: (organizationId, userIds, range) => tagsByUsers(deps, organizationId, userIds, range),
    create: (session, input) => createTag(deps, session, input),
    update: (session, input) => updateTag(deps, session, input),
    remove: (session, tagId) => removeTag(deps, session, tagId),
    listBusiness: (organizationId, businessPageId) => listBusinessTags(deps, organizationId, businessPageId),
    createBusiness: (session, input) => createBusinessTag(deps, session, input),
    updateBusiness: (session, input) => updateBusinessTag(deps, session, input),
    removeBusiness: (session, id) => removeBusinessTag(deps, session, id),
    businessByPages: (organizationId, businessPageIds, range) => businessTagsByPages(deps, organizationId, businessPageIds, range)
  }
}

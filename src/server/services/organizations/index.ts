import type { BusinessPage, Organization } from '../../../shared/domain'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { EntitlementService } from '../entitlements'
import type { NotificationService } from '../notifications'
import type { OrganizationSession } from '../sessions'
import { createOrganization } from './createOrganization'
import { createPage } from './createPage'
import { findActiveMembershipByWorkOSId } from './findActiveMembership'
import { getOrganization } from './getOrganization'
import { rememberLastOrganization } from './rememberLastOrganization'
import { removeOrganization } from './removeOrganization'
import { removePage } from './removePage'
import { renameOrganization } from './renameOrganization'
import { setDefaultPage } from './setDefaultPage'
import type { BusinessPageInput, CreateOrganizationInput, OrganizationDeps, UpdateBusinessPageInput } from './types'
import { updatePage } from './updatePage'

/*
 * Organizations: creating, reading, renaming and deleting one, and its business pages. One use
 * case per file; this facade only delegates. The rules are in docs/architecture.md,
 * "Organizations and members".
 */

export type { BusinessPageInput, CreateOrganizationInput, OrganizationDeps, UpdateBusinessPageInput } from './types'

export interface OrganizationService {
  /**
   * Onboarding and 'Create new organization': the organization, its creator as ACTIVE ADMIN, a
   * 14-day trial, the company page when one was named, and a welcome notification, all in one
   * transaction.
   */
  create(userId: string, input: CreateOrganizationInput): Promise<{ id: string; organizationWorkOSId: string; name: string }>
  get(organizationId: string): Promise<Organization>
  rename(session: OrganizationSession, name: string): Promise<Organization>
  /** The organization behind a public id, only when the user is an ACTIVE member of it. */
  findActiveMembershipByWorkOSId(userId: string, organizationWorkOSId: string): Promise<{ organizationId: string; organizationWorkOSId: string } | null>
  /** Remembers the organization a user works in (the next sign-in starts there). */
  rememberLastOrganization(userId: string, organizationId: string): Promise<void>
  /**
   * DELETE /organization (ADMIN only): everything of the organization goes (cascades), its
   * sessions end, users that only existed for its invitations go, then its upload files.
   */
  remove(session: OrganizationSession, files: string[]): Promise<void>
  setDefaultPage(session: OrganizationSession, businessPageId: string | null): Promise<Organization>
  createPage(session: OrganizationSession, input: BusinessPageInput): Promise<BusinessPage>
  updatePage(session: OrganizationSession, input: UpdateBusinessPageInput): Promise<BusinessPage>
  removePage(session: OrganizationSession, businessPageId: string): Promise<void>
}

export function createOrganizationService(
  db: Database,
  clock: Clock,
  notifications: NotificationService,
  entitlements: EntitlementService,
  /** <dataDir>/uploads: the photos of users deleted with the organization go from there. */
  uploadsDir: string
): OrganizationService {
  const deps: OrganizationDeps = { db, clock, notifications, entitlements, uploadsDir }
  return {
    create: (userId, input) => createOrganization(deps, userId, input),
    get: (organizationId) => getOrganization(deps, organizationId),
    rename: (session, name) => renameOrganization(deps, session, name),
    findActiveMembershipByWorkOSId: (userId, organizationWorkOSId) => findActiveMembershipByWorkOSId(deps, userId, organizationWorkOSId),
    rememberLastOrganization: (userId, organizationId) => rememberLastOrganization(deps, userId, organizationId),
    remove: (session, files) => removeOrganization(deps, session, files),
    setDefaultPage: (session, businessPageId) => setDefaultPage(deps, session, businessPageId),
    createPage: (session, input) => createPage(deps, session, input),
    updatePage: (session, input) => updatePage(deps, session, input),
    removePage: (session, businessPageId) => removePage(deps, session, businessPageId)
  }
}

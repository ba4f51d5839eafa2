import type { z } from 'zod'
import type { listMembersQuerySchema, updateMemberBodySchema } from '../../../shared/api/contract'
import type { Member } from '../../../shared/domain'
import type { Mailer } from '../../adapters/mail/mail'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { EntitlementService } from '../entitlements'
import type { NotificationService } from '../notifications'

/* What the members use cases take: their inputs, answers and dependencies (docs/architecture.md, "Organizations and members"). */

export type ListMembersQuery = z.output<typeof listMembersQuerySchema>
export type UpdateMemberInput = z.output<typeof updateMemberBodySchema>

export interface InviteResult {
  member: Member
  joinUrl: string
  expiresAt: string
}

export interface AcceptedInvitation {
  userId: string
  email: string
  organization: { id: string; organizationWorkOSId: string }
}

export interface MemberDeps {
  db: Database
  clock: Clock
  notifications: NotificationService
  entitlements: EntitlementService
  mailer: Mailer
  identity: {
    setPassword(userId: string, password: string, fullName: string): Promise<void>
    verifyPassword(userId: string, password: string): Promise<boolean>
  }
  /** <dataDir>/uploads: the photos of users deleted with their last membership go from there. */
  uploadsDir: string
}

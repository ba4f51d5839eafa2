import type { JoinInfo } from '../../../shared/domain'
import { openInvitation, unusableLink } from './joinLinks'
import type { MemberDeps } from './types'

/* GET /join/info: the invitation behind a live join link (docs/architecture.md, "Organizations and members"). */

export async function joinInfo(deps: Pick<MemberDeps, 'db' | 'clock'>, token: string): Promise<JoinInfo> {
  const { db, clock } = deps
  const row = await openInvitation(clock, db, token)
  if (!row) throw await unusableLink(db, token)
  return {
    organizationName: row.organizationName,
    email: row.email,
    invitedBy: row.inviterName ?? '',
    hasAccount: row.hasPassword,
    expiresAt: row.expiresAt.toISOString()
  }
}

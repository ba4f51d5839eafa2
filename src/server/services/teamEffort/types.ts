import type { EffortTeam, PersonRef } from '../../../shared/domain'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { NotificationService } from '../notifications'

/* What team effort's use cases take and answer (docs/architecture.md, "Team effort, nudges and the dashboard"). */

export interface TeamEffortDeps {
  db: Database
  clock: Clock
  notifications: Pick<NotificationService, 'notify'>
}

export interface MemberStanding {
  member: PersonRef
  target: number
  published: number
  /** Of `published`, the reshares of recommended posts (issue 15). */
  reshares: number
  teamId: string | null
  isLeader: boolean
}

export interface TeamStanding {
  team: EffortTeam['team']
  target: number
  published: number
  shareOfTarget: number | null
  rank: number | null
}

import type { SsiRecord, TeamSsiTrend } from '../../../shared/domain/ssi'
import type { JobKind } from '../../jobs/runner'
import type { AuthSession, OrganizationSession } from '../sessions'
import { DAY_MS, SSI_REMINDER_JOB } from './records'
import { recordSsi } from './recordSsi'
import { remindSsi } from './remindSsi'
import { ssiHistory } from './ssiHistory'
import { teamSsiTrend } from './teamSsiTrend'
import type { SsiDeps, SsiInput } from './types'

/*
 * The Social Selling Index (issue 15): recording, history, the team trend and the monthly
 * reminder. One use case per file; this facade only delegates. The decisions are in
 * docs/architecture.md, "Social Selling Index".
 */

export {
  HISTORY_LIMIT,
  REMINDER_AFTER_DAYS,
  SSI_REMINDER_JOB,
  SSI_REMINDER_LINK,
  SSI_REMINDER_MESSAGE,
  SSI_REMINDER_TITLE,
  utcMonthStart
} from './records'
export type { SsiDeps, SsiInput } from './types'

export interface SsiService {
  record(session: AuthSession, input: SsiInput): Promise<SsiRecord>
  history(session: AuthSession): Promise<SsiRecord[]>
  teamTrend(session: OrganizationSession, months: number): Promise<TeamSsiTrend>
  /** One pass of the monthly reminder: how many users were reminded. */
  remind(): Promise<{ reminded: number; more: boolean }>
  readonly reminderJob: JobKind
}

export function createSsiService(deps: SsiDeps): SsiService {
  const service: SsiService = {
    record: (session, input) => recordSsi(deps, session, input),
    history: (session) => ssiHistory(deps, session),
    teamTrend: (session, months) => teamSsiTrend(deps, session, months),
    remind: () => remindSsi(deps),

    reminderJob: {
      name: SSI_REMINDER_JOB,
      intervalMs: DAY_MS,
      async run() {
        return (await service.remind()).more
      }
    }
  }
  return service
}

import { desc, eq } from 'drizzle-orm'
import type { SsiRecord } from '../../../shared/domain/ssi'
import { ssiRecords } from '../../db/schema'
import type { AuthSession } from '../sessions'
import { HISTORY_LIMIT, toRecord } from './records'
import type { SsiDeps } from './types'

/* GET /user/ssi/history: the user's latest records, oldest first (docs/architecture.md, "Social Selling Index"). */

export async function ssiHistory(deps: Pick<SsiDeps, 'db'>, session: AuthSession): Promise<SsiRecord[]> {
  const { db } = deps
  const rows = await db
    .select()
    .from(ssiRecords)
    .where(eq(ssiRecords.userId, session.userId))
    .orderBy(desc(ssiRecords.recordedAt), desc(ssiRecords.id))
    .limit(HISTORY_LIMIT)
  return rows.reverse().map(toRecord)
}

import { randomUUID } from 'node:crypto'
import type { SsiRecord } from '../../../shared/domain/ssi'
import { ssiRecords } from '../../db/schema'
import type { AuthSession } from '../sessions'
import { toRecord, whole } from './records'
import type { SsiDeps, SsiInput } from './types'

/* PUT /user/ssi: one record at the clock's now, in whole numbers (docs/architecture.md, "Social Selling Index"). */

export async function recordSsi(deps: Pick<SsiDeps, 'db' | 'clock'>, session: AuthSession, input: SsiInput): Promise<SsiRecord> {
  const { db, clock } = deps
  const [row] = await db
    .insert(ssiRecords)
    .values({
      id: randomUUID(),
      userId: session.userId,
      score: Math.round(input.score),
      brand: whole(input.brand),
      people: whole(input.people),
      insights: whole(input.insights),
      relationships: whole(input.relationships),
      recordedAt: clock.now()
    })
    .returning()
  return toRecord(row!)
}

import { z } from 'zod'
import { recordSsiBodySchema, ssiHistorySchema, ssiRecordSchema, teamSsiTrendSchema } from '../../domain/ssi'
import { endpoint, none } from './base'

export const ssiEndpoints = {
  // Social Selling Index (issue 15): recorded by the user as read on LinkedIn's SSI page.
  /** Adds one record per call; the dialog's Idempotency-Key makes a retried submission one record. */
  recordSsi: endpoint({ method: 'PUT', path: '/user/ssi', query: none, body: recordSsiBodySchema, response: ssiRecordSchema, idempotent: true }),
  ssiHistory: endpoint({ method: 'GET', path: '/user/ssi/history', query: none, body: none, response: ssiHistorySchema }),
  /** Each team's monthly average: team leaders (their teams) and admins (all). */
  teamSsiTrend: endpoint({ method: 'GET', path: '/team/ssi', query: z.object({ months: z.coerce.number().int().min(1).max(24).default(12) }), body: none, response: teamSsiTrendSchema })
} as const

import { z } from 'zod'
import { instantSchema } from './common'

/**
 * The Social Selling Index (issue 15). LinkedIn publishes no SSI API and its API terms forbid
 * rating members from API data, so Pagecrew never computes or scrapes it: the user records the
 * values they read on LinkedIn's SSI page (https://www.linkedin.com/sales/ssi).
 */
export const SSI_PAGE_URL = 'https://www.linkedin.com/sales/ssi'

export const SSI_MESSAGES = {
  scoreInvalid: 'Enter your SSI as a number from 0 to 100.',
  pillarInvalid: 'Enter a pillar score from 0 to 25.',
  pillarsDisagree: 'The four pillar scores add up to your SSI. Check the numbers on LinkedIn’s SSI page.',
  onlyLeaders: 'Only team leaders and admins can see team SSI trends.'
} as const

export const SSI_PILLARS = [
  { key: 'brand', label: 'Establish your professional brand' },
  { key: 'people', label: 'Find the right people' },
  { key: 'insights', label: 'Engage with insights' },
  { key: 'relationships', label: 'Build relationships' }
] as const

const pillar = z.number({ error: SSI_MESSAGES.pillarInvalid }).min(0, SSI_MESSAGES.pillarInvalid).max(25, SSI_MESSAGES.pillarInvalid)

/** LinkedIn shows SSI with decimals; Pagecrew keeps whole numbers (0-100, pillars 0-25). */
export const recordSsiBodySchema = z
  .object({
    score: z.number({ error: SSI_MESSAGES.scoreInvalid }).min(0, SSI_MESSAGES.scoreInvalid).max(100, SSI_MESSAGES.scoreInvalid),
    brand: pillar.nullable().optional(),
    people: pillar.nullable().optional(),
    insights: pillar.nullable().optional(),
    relationships: pillar.nullable().optional()
  })
  .superRefine((body, ctx) => {
    const pillars = [body.brand, body.people, body.insights, body.relationships]
    if (pillars.every((p) => typeof p === 'number')) {
      const sum = (pillars as number[]).reduce((a, b) => a + b, 0)
      // Each value is rounded on LinkedIn's page: allow 2 points of rounding between the sum and the score.
      if (Math.abs(sum - body.score) > 2) ctx.addIssue({ code: 'custom', message: SSI_MESSAGES.pillarsDisagree, path: ['score'] })
    }
  })
export type RecordSsiBody = z.input<typeof recordSsiBodySchema>

export const ssiRecordSchema = z.object({
  id: z.string(),
  score: z.number().int(),
  brand: z.number().int().nullable(),
  people: z.number().int().nullable(),
  insights: z.number().int().nullable(),
  relationships: z.number().int().nullable(),
  recordedAt: instantSchema
})
export type SsiRecord = z.infer<typeof ssiRecordSchema>

export const ssiHistorySchema = z.object({ records: z.array(ssiRecordSchema) })

/** Each team's average SSI by month (the latest record of each member in that month), for its leaders and admins. */
export const teamSsiTrendSchema = z.object({
  teams: z.array(
    z.object({
      teamId: z.string(),
      teamName: z.string(),
      points: z.array(z.object({ month: z.string(), average: z.number(), members: z.number().int() }))
    })
  )
})
export type TeamSsiTrend = z.infer<typeof teamSsiTrendSchema>

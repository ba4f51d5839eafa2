import type { z } from 'zod'
import type { updateUserDetailsBodySchema } from '../../../shared/api/contract'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'

/* What the user use cases take: their inputs and dependencies (docs/architecture.md, "Notifications and `GET /user`"). */

export type UpdateUserDetailsInput = z.output<typeof updateUserDetailsBodySchema>

export interface UserDeps {
  db: Database
  clock: Clock
  supportChatSecret: string | null
  uploadsDir: string
}

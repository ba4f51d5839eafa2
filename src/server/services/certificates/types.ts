import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { EntitlementService } from '../entitlements'
import type { NotificationService } from '../notifications'

/* What the certificate use cases take (docs/architecture.md, "Academy: content, quizzes and certificates"). */

export interface CertificateDeps {
  db: Database
  clock: Clock
  notifications: NotificationService
  entitlements: EntitlementService
}

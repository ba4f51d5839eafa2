import type { IdentityProvider } from '../adapters/identity/identity'
import { createPasswordIdentity } from '../adapters/identity/password'
import type { Clock } from '../clock'
import type { ServerConfig } from '../config'
import type { Database } from '../db/client'
import { createCertificateService, type CertificateService } from './certificates'
import { createEntitlementService, type EntitlementService } from './entitlements'
import { createNotificationService, type NotificationService } from './notifications'
import { createOrganizationService, type OrganizationService } from './organizations'
import { createSessionService, type SessionService } from './sessions'
import { createUserService, type UserService } from './users'

/** Everything the routes call. Built once per server from the database, the clock and the adapters. */
export interface Services {
  identity: IdentityProvider
  sessions: SessionService
  notifications: NotificationService
  organizations: OrganizationService
  users: UserService
  entitlements: EntitlementService
  certificates: CertificateService
}

export function createServices(deps: { db: Database; clock: Clock; config: ServerConfig; identity?: IdentityProvider }): Services {
  const { db, clock, config } = deps
  const notifications = createNotificationService(db, clock)
  return {
    identity: deps.identity ?? createPasswordIdentity({ db, clock }),
    sessions: createSessionService(db, clock),
    notifications,
    organizations: createOrganizationService(db, clock, notifications),
    users: createUserService(db, clock, notifications, config.supportChatSecret),
    entitlements: createEntitlementService(db, clock),
    certificates: createCertificateService(db)
  }
}

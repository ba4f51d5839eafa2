import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LinkedInAdapter } from '../adapters/linkedin/linkedin'
import { createLocalStorage } from '../adapters/storage/local'
import type { Clock } from '../clock'
import type { Database } from '../db/client'
import type { OrganizationSession } from '../services/sessions'
import { createNotificationService } from '../services/notifications'
import type { createPostService } from '../services/posts'

/**
 * The setup the publisher's and the metrics job's suites share: they drive the services straight
 * on a test database (no HTTP), with sessions made up for people written into the tables.
 */

/** A promise and the function that settles it. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

/** A signed-in session of `userId` in the organization, as the HTTP layer makes one. */
export function sessionOf(userId: string, organization: OrganizationSession['organization']): OrganizationSession {
  return { tokenHash: 'test', userId, email: `${userId}@example.com`, expiresAt: new Date('2027-01-01T00:00:00Z'), organization }
}

/**
 * The posts service's dependencies as the API wires them, with LinkedIn connected for everyone.
 * Nothing publishes files through the service (the publisher's resolveTarget says what is sent).
 */
export function postServiceDeps(deps: {
  db: Database
  clock: Clock
  linkedInAdapter: Pick<LinkedInAdapter, 'postUrl'>
  kick?: () => void
}): Parameters<typeof createPostService>[0] {
  const { db, clock } = deps
  return {
    db,
    clock,
    media: { storage: createLocalStorage(join(tmpdir(), 'pagecrew-publisher-test-unused')) },
    linkedIn: {
      status: async () => 'connected',
      publishingIdentity: async (userId) => ({ accessToken: { token: 'token', expiresAt: null }, memberId: userId })
    },
    linkedInAdapter: deps.linkedInAdapter,
    notifications: createNotificationService(db, clock),
    kick: deps.kick ?? (() => {})
  }
}

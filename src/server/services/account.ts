import type { User } from '../../shared/domain'
import type { PasswordIdentityProvider } from '../adapters/identity/identity'
import { SSO_MESSAGES } from '../../shared/domain/sso'
import { badRequest, forbidden } from '../errors'
import type { PasswordCheckGuard } from './authThrottle'
import { requireStrongPassword } from './passwords'
import type { AuthSession, SessionService } from './sessions'
import type { SsoService } from './sso'
import type { UserService } from './users'

export const WRONG_CURRENT_PASSWORD = 'That is not your current password.'
export const SAME_PASSWORD = 'Choose a new password, not your current one.'

/**
 * Changing the credentials of the signed-in user (issue 12). Both changes ask for the current
 * password (a session left open on a shared computer must not be enough to take the account over)
 * and end the user's other sessions; the one making the change stays signed in. Neither is open to
 * an account of a domain whose organization requires single sign-on (issue 17): its provider
 * holds the credentials, and a password or an email moved elsewhere would walk around it.
 */
interface AccountService {
  changePassword(session: AuthSession, input: { currentPassword: string; newPassword: string }, guard: PasswordCheckGuard): Promise<void>
  changeEmail(session: AuthSession, input: { email: string; currentPassword: string }, guard: PasswordCheckGuard): Promise<User>
}

export function createAccountService(deps: {
  identity: PasswordIdentityProvider
  sessions: SessionService
  users: UserService
  sso: Pick<SsoService, 'requiringOrganization'>
}): AccountService {
  const { identity, sessions, users, sso } = deps

  async function refuseWhenSsoRequired(...emails: string[]) {
    for (const email of emails) {
      if (await sso.requiringOrganization(email)) throw forbidden(SSO_MESSAGES.requiredForDomain)
    }
  }

  /**
   * 400 on fields.currentPassword when wrong; never a 401, which the app reads as "signed out".
   * Counted like a sign-in (per address and the account's email), so an open session cannot be
   * used to guess the password.
   */
  async function requireCurrentPassword(session: AuthSession, password: string, guard: PasswordCheckGuard) {
    const attempt = await guard(session.email)
    if (!(await identity.verifyPassword(session.userId, password))) {
      throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD })
    }
    await attempt.succeeded()
  }

  return {
    async changePassword(session, input, guard) {
      await refuseWhenSsoRequired(session.email)
      await requireCurrentPassword(session, input.currentPassword, guard)
      if (input.newPassword === input.currentPassword) throw badRequest(SAME_PASSWORD, { newPassword: SAME_PASSWORD })
      const user = await users.view(session)
      await requireStrongPassword(input.newPassword, user, 'newPassword')
      await identity.changePassword(session.userId, input.newPassword)
      await sessions.destroyAllForUser(session.userId, { except: session.tokenHash })
    },

    async changeEmail(session, input, guard) {
      await refuseWhenSsoRequired(session.email, input.email)
      await requireCurrentPassword(session, input.currentPassword, guard)
      const user = await users.updateEmail(session, input.email)
      await sessions.destroyAllForUser(session.userId, { except: session.tokenHash })
      return user
    }
  }
}

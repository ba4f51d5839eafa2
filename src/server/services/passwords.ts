import { judgePassword, loadPasswordEstimator } from '../../shared/rules/password'
import { badRequest } from '../errors'

/**
 * 400 with the estimator's advice under `field` unless the password is strong enough for this user
 * (shared rule, rules/password.ts): checked wherever a password is set — sign-up, joining with a
 * new account, changing the password.
 */
export async function requireStrongPassword(
  password: string,
  user: { email: string; fullName?: string | null },
  field = 'password'
): Promise<void> {
  const verdict = judgePassword(await loadPasswordEstimator(), password, user)
  if (!verdict.ok) throw badRequest(verdict.message!, { [field]: verdict.message! })
}

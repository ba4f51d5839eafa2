import type { SsoMode } from '../../../shared/domain/sso'
import { providerForEmail } from './domains'
import type { SsoContext } from './types'

/* POST /auth/sso/discover: whether an email's domain signs in through single sign-on (docs/architecture.md, "Single sign-on"). */

/** 'required' makes password sign-in refuse the email (routes/auth.ts). */
export async function discoverSso(ctx: Pick<SsoContext, 'db' | 'clock'>, email: string): Promise<{ sso: SsoMode; organizationName: string | null }> {
  const found = await providerForEmail(ctx, email)
  if (!found) return { sso: 'none', organizationName: null }
  return { sso: found.provider.required ? 'required' : 'offered', organizationName: found.organization.name }
}

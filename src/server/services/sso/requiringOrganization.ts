import { providerForEmail } from './domains'
import type { SsoContext } from './types'

/*
 * Required at every door: signing up, joining with a password, switching a password session into
 * the organization and changing the password ask this (docs/architecture.md, "Single sign-on").
 */

/** The organization whose Required single sign-on covers this email's domain, or null. */
export async function requiringOrganization(ctx: Pick<SsoContext, 'db' | 'clock'>, email: string): Promise<string | null> {
  const found = await providerForEmail(ctx, email)
  return found?.provider.required ? found.organization.id : null
}

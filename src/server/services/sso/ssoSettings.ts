import { type SsoSettings } from '../../../shared/domain/sso'
import type { OrganizationSession } from '../sessions'
import { settingsView } from './settingsView'
import type { SsoContext } from './types'

/* GET /organization/sso: the settings, for admins, whatever the plan (docs/architecture.md, "Single sign-on"). */

export async function ssoSettings(ctx: Pick<SsoContext, 'db' | 'clock' | 'config'>, session: OrganizationSession, serverUrl: string): Promise<SsoSettings> {
  return settingsView(ctx, ctx.db, session.organization.id, serverUrl)
}

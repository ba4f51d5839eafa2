import { linkTo } from '../../../shared/routes'

/* Where LinkedIn may send the member back (docs/architecture.md, "Writing and publishing"). */

const LOOPBACK_CALLBACK = /^http:\/\/(127\.0\.0\.1|localhost):(\d{1,5})\/callback$/
const DESKTOP_DEEP_LINK_CALLBACK = 'pagecrew://callback'

/** Whether LinkedIn may send the member back to this address (see the service's description). */
export function isAllowedRedirect(redirectUri: string, serverUrl: string): boolean {
  if (redirectUri === DESKTOP_DEEP_LINK_CALLBACK) return true
  // The address as the app writes it, or as a browser does (default port left out).
  if (redirectUri === `${serverUrl.replace(/\/+$/, '')}${linkTo('callback')}` || redirectUri === new URL(linkTo('callback'), serverUrl).href) return true
  const loopback = LOOPBACK_CALLBACK.exec(redirectUri)
  if (!loopback) return false
  const port = Number(loopback[2])
  return port >= 1 && port <= 65535 && String(port) === loopback[2]
}

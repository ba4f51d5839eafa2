import { isIP } from 'node:net'
import { WEBHOOK_MESSAGES } from '../../../shared/domain/webhooks'
import { isLoopbackIpAddress, isPublicIpAddress } from '../../../shared/rules/ipAddresses'
import { badRequest } from '../../errors'

/*
 * An endpoint address as it is saved (issue 28): https (http only with the development setting),
 * and no literal that is obviously not a public address — an IP literal outside the public ranges,
 * localhost and the names cloud metadata services answer to. This answers the admin at once with a
 * field message; the address is resolved and checked again at every delivery (adapters/outboundFetch.ts),
 * since a name may point anywhere later.
 */

const PRIVATE_NAMES = [/^localhost$/, /\.localhost$/, /\.local$/, /\.internal$/, /^metadata$/, /^instance-data$/]

/** The message for `url`'s field, or null when it may be saved. */
export function webhookUrlRefusal(value: string, allowLoopback: boolean): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return WEBHOOK_MESSAGES.urlInvalid
  }
  if (url.username || url.password) return WEBHOOK_MESSAGES.urlInvalid
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowLoopback)) return WEBHOOK_MESSAGES.urlNotHttps
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase()
  if (host === '') return WEBHOOK_MESSAGES.urlInvalid
  if (isIP(host)) return isPublicIpAddress(host) || (allowLoopback && isLoopbackIpAddress(host)) ? null : WEBHOOK_MESSAGES.urlPrivate
  if (!allowLoopback && PRIVATE_NAMES.some((name) => name.test(host))) return WEBHOOK_MESSAGES.urlPrivate
  if (allowLoopback && host !== 'localhost' && PRIVATE_NAMES.some((name) => name.test(host))) return WEBHOOK_MESSAGES.urlPrivate
  return null
}

/** The address as saved (URL's own spelling), or a 400 on `url`. */
export function requireWebhookUrl(value: string, allowLoopback: boolean): string {
  const refusal = webhookUrlRefusal(value, allowLoopback)
  if (refusal) throw badRequest(refusal, { url: refusal })
  return new URL(value).toString()
}

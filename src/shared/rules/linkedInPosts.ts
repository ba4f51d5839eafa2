/**
 * A LinkedIn post's address as people copy it (issue 15: recommending any LinkedIn post), read into
 * the post's URN, which a reshare names as its parent. The recommend dialog checks what is pasted as
 * it is typed; the server reads it again with the same function.
 *
 * Taken (https, linkedin.com or www.linkedin.com, any query or fragment):
 * - /feed/update/urn:li:share:<id>, urn:li:ugcPost:<id> or urn:li:activity:<id> (the URN may be
 *   percent-encoded, a trailing slash or more path may follow);
 * - /posts/<author-slug>-<activity|share|ugcPost>-<id>-<suffix> ("Copy link to post").
 * Anything else — another site, a profile, a company page, an article — is not a post: null.
 */
interface LinkedInPostAddress {
  urn: string
  /** Where the post opens on LinkedIn, without the tracking parameters a copied link carries. */
  url: string
}

const HOSTS = new Set(['linkedin.com', 'www.linkedin.com'])
const FEED_UPDATE = /^\/feed\/update\/urn:li:(share|ugcPost|activity):(\d{1,30})(?:\/.*)?$/
const POSTS_SLUG = /^\/posts\/[^/]*?-(activity|share|ugcPost)-(\d{1,30})-[^/]*\/?$/

export function parseLinkedInPostUrl(input: string): LinkedInPostAddress | null {
  const text = input.trim()
  if (text.length === 0 || text.length > 2000) return null
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' || !HOSTS.has(url.hostname.toLowerCase()) || url.port !== '' || url.username || url.password) return null
  let path: string
  try {
    path = decodeURIComponent(url.pathname)
  } catch {
    return null
  }
  const match = FEED_UPDATE.exec(path) ?? POSTS_SLUG.exec(path)
  if (!match) return null
  const urn = `urn:li:${match[1]!}:${match[2]!}`
  return { urn, url: linkedInPostAddress(urn) }
}

/** The address LinkedIn shows a post at, from its URN. */
export function linkedInPostAddress(urn: string): string {
  return `https://www.linkedin.com/feed/update/${urn}/`
}

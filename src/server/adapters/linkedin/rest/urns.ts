import type { LinkedInAuthor } from '../linkedin'

export function authorUrn(author: LinkedInAuthor): string {
  return author.kind === 'organization' ? `urn:li:organization:${author.id}` : `urn:li:person:${author.id}`
}

/** A post's urn is a share or a ugcPost; the statistics endpoints name the two differently. */
export function postKind(urn: string): 'share' | 'ugcPost' {
  if (/^urn:li:share:\d+$/.test(urn)) return 'share'
  if (/^urn:li:ugcPost:\d+$/.test(urn)) return 'ugcPost'
  throw new Error(`${urn} is not a LinkedIn post urn`)
}

import { randomBytes } from 'node:crypto'

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids from the outside are checked before they reach a uuid column (a malformed one is a 404, not a 500). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value)
}

/** Crockford base32: no I, L, O or U. */
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** The public organization id: `org_` + 26 random Crockford base32 characters (130 bits). */
export function newOrganizationWorkOSId(): string {
  const bytes = randomBytes(26)
  let id = 'org_'
  for (const byte of bytes) id += BASE32[byte & 31]
  return id
}

import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/**
 * An approve link's token (docs/architecture.md, "Approve links"): the link row's id (32 hex
 * digits) then an HMAC-SHA256 of it under a key derived from the server's token key (64 hex
 * digits): 96 lower-case characters, one path segment of /approve/:token. The database keeps
 * only the token's SHA-256; the HMAC lets the server write the same link again (a chat message
 * retried) without keeping the token.
 */
const ID_HEX = 32
const MAC_HEX = 64
const TOKEN = /^[0-9a-f]{96}$/

export interface ApproveLinkSigner {
  tokenFor(linkId: string): string
  /** The link id a token names when its signature holds; null for anything else. */
  linkIdOf(token: string): string | null
}

export function createApproveLinkSigner(serverKey: Buffer | (() => Buffer)): ApproveLinkSigner {
  let key: Buffer | null = null
  const macKey = () => (key ??= createHmac('sha256', typeof serverKey === 'function' ? serverKey() : serverKey).update('pagecrew approve links v1').digest())
  const mac = (idHex: string) => createHmac('sha256', macKey()).update(idHex).digest('hex')
  return {
    tokenFor(linkId) {
      const idHex = linkId.replace(/-/g, '').toLowerCase()
      return `${idHex}${mac(idHex)}`
    },
    linkIdOf(token) {
      if (!TOKEN.test(token)) return null
      const idHex = token.slice(0, ID_HEX)
      const given = Buffer.from(token.slice(ID_HEX), 'hex')
      const expected = Buffer.from(mac(idHex), 'hex')
      if (given.length !== MAC_HEX / 2 || !timingSafeEqual(given, expected)) return null
      return `${idHex.slice(0, 8)}-${idHex.slice(8, 12)}-${idHex.slice(12, 16)}-${idHex.slice(16, 20)}-${idHex.slice(20)}`
    }
  }
}

export const hashApproveToken = (token: string): string => createHash('sha256').update(token).digest('hex')

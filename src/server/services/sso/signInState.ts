import { createHash } from 'node:crypto'

/*
 * A sign-in's state: stored hashed with the encrypted PKCE verifier, used up by the first
 * callback within 10 minutes (docs/architecture.md, "Single sign-on").
 */

export const SSO_AUTHORIZATION_TTL_MS = 10 * 60 * 1000

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
export const verifierContext = (stateHash: string) => `sso-verifier:${stateHash}`

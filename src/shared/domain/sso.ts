import { z } from 'zod'
import { instantSchema } from './common'
import { singleLineText } from './text'

/**
 * Single sign-on per organization (issue 17): one OpenID Connect provider per Enterprise
 * organization, serving the email domains the organization proved it owns.
 */
export const SSO_MESSAGES = {
  notInPlan: 'Single sign-on is included in the Enterprise plan.',
  onlyAdmins: 'Only admins can change single sign-on.',
  requiredForDomain: 'Your organization signs in with single sign-on. Use Continue with SSO.',
  domainTaken: 'This domain is already used by another organization.',
  discoveryFailed: 'The identity provider could not be reached at this issuer URL, or it does not publish OpenID Connect discovery.',
  issuerInvalid: 'Enter the issuer URL (https://…).',
  clientIdMissing: 'Enter the client ID.',
  clientSecretMissing: 'Enter the client secret.',
  domainInvalid: 'Enter a domain such as example.com.',
  domainUnknown: 'Add this domain first.',
  domainNotProven: (record: string, value: string) => `The TXT record ${record} does not hold ${value} yet. DNS changes can take a while; try again later.`,
  requiredNeedsDomain: 'Verify a domain before requiring single sign-on.',
  notOffered: 'Single sign-on is not set up for this email address.',
  expired: 'This sign-in has expired or was already used. Start again.',
  cancelled: 'Single sign-on was cancelled.',
  refused: 'The identity provider did not sign you in.',
  tokenRefused: 'The identity provider’s answer could not be verified. Start again.',
  emailNotVerified: 'The identity provider has not verified this email address.',
  emailOutsideDomains: 'Sign in at the identity provider with an email address of your organization’s domain.',
  providerUnavailable: 'The identity provider did not answer. Try again later.',
  providerMisconfigured: 'The identity provider’s settings cannot be used. Ask an admin to check single sign-on.',
  redirectNotAllowed: 'This return address is not allowed.'
} as const

/** The DNS TXT record that proves a domain: its name and the value it must hold. */
export const ssoTxtRecordName = (domain: string) => `_pagecrew.${domain}`
export const ssoTxtRecordValue = (token: string) => `pagecrew-verification=${token}`

/** Lower-case host names of two labels or more (no scheme, no '@', no trailing dot). */
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/

export const ssoDomainInputSchema = singleLineText({ error: SSO_MESSAGES.domainInvalid })
  .trim()
  .toLowerCase()
  .transform((d) => d.replace(/^@/, '').replace(/\.$/, ''))
  .refine((d) => DOMAIN_PATTERN.test(d), SSO_MESSAGES.domainInvalid)

export const ssoDomainSchema = z.object({
  domain: z.string(),
  verified: z.boolean(),
  verifiedAt: instantSchema.nullable(),
  /** Where the TXT record goes, e.g. _pagecrew.example.com. */
  txtRecordName: z.string(),
  /** What it must hold, e.g. pagecrew-verification=…. */
  txtRecordValue: z.string()
})
export type SsoDomain = z.infer<typeof ssoDomainSchema>

export const ssoSettingsSchema = z.object({
  /** Whether the organization's plan includes single sign-on (Enterprise). */
  available: z.boolean(),
  configured: z.boolean(),
  issuerUrl: z.string().nullable(),
  clientId: z.string().nullable(),
  /** The secret itself is never returned. */
  hasClientSecret: z.boolean(),
  required: z.boolean(),
  domains: z.array(ssoDomainSchema),
  /** The address to register at the identity provider as the redirect URI. */
  redirectUri: z.string(),
  /** The server skips the DNS proof (PAGECREW_SSO_SKIP_DOMAIN_PROOF): domains count as soon as they are added. */
  domainProofSkipped: z.boolean()
})
export type SsoSettings = z.infer<typeof ssoSettingsSchema>

export const ssoModeSchema = z.enum(['none', 'offered', 'required'])
export type SsoMode = z.infer<typeof ssoModeSchema>

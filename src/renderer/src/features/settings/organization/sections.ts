import type { User } from '@shared/domain'
import { isAdmin, isTeamLeader } from '@shared/rules'

/** The sections of /settings/organization, deep-linkable as `?section=` (details has no parameter). */
const SECTIONS = ['details', 'members', 'teams', 'tags', 'pages', 'ai', 'guideline', 'sso', 'api', 'webhooks', 'chat', 'audit'] as const
export type Section = (typeof SECTIONS)[number]

export const SECTION_LABELS: Record<Section, string> = {
  details: 'Organization',
  members: 'Members',
  teams: 'Teams',
  tags: 'Topic tags',
  pages: 'Business pages',
  ai: 'AI templates',
  guideline: 'Posting guideline',
  sso: 'Single sign-on',
  api: 'API',
  webhooks: 'Webhooks',
  chat: 'Chat channels',
  audit: 'Audit log'
}

/**
 * Admins (ADMIN and GHOST) see every section; a team leader sees Teams and Topic tags for the
 * teams they lead; anyone else none (spec §6).
 */
export function sectionsFor(user: Pick<User, 'userOrgSettings' | 'leadingTeams'>): Section[] {
  if (isAdmin(user)) return [...SECTIONS]
  if (isTeamLeader(user)) return ['teams', 'tags']
  return []
}

/** The section a `?section=` value names, when allowed; else the first allowed one. */
export function sectionFrom(param: string | null, allowed: readonly Section[]): Section | null {
  const named = allowed.find((s) => s === param)
  return named ?? allowed[0] ?? null
}

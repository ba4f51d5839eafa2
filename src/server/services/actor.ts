import type { EventActor } from '../../shared/api/events'
import type { ApiKeyPrincipal } from './apiKeys/principal'
import { apiKeyActorName, sessionActor, type AuditActor } from './audit'
import { isAdminSession } from './access'
import type { OrganizationSession } from './sessions'

/*
 * Who acts in an organization (issue 28): a signed-in person (their session), or an organization's
 * API key (/api/v1), which acts as the organization with its scopes only and never as a person. The
 * use cases the public API shares with the app take either, so its rules are not forked; where a
 * use case needs a person (a creator's id, the assigner's name in a notification) a key gives none.
 */

/** An API key inside its organization: what /api/v1 passes to the use cases. */
export interface ApiKeyActor {
  apiKey: ApiKeyPrincipal
  organization: { id: string }
}

export type OrganizationActor = OrganizationSession | ApiKeyActor

/**
 * The user id a key stands in for where a viewer id is compared (a slot's creator, a leader's team):
 * the nil UUID, which no user has, so a key never matches a person.
 */
export const NO_PERSON_ID = '00000000-0000-0000-0000-000000000000'

export const isApiKeyActor = (actor: OrganizationActor): actor is ApiKeyActor => 'apiKey' in actor

export function apiKeyActor(principal: ApiKeyPrincipal): ApiKeyActor {
  return { apiKey: principal, organization: { id: principal.organizationId } }
}

/** The person acting; null for an API key (e.g. a slot's created_by stays empty). */
export const personOf = (actor: OrganizationActor): string | null => (isApiKeyActor(actor) ? null : actor.userId)

/** The id a viewer check compares: the person, or NO_PERSON_ID for a key. */
export const viewerIdOf = (actor: OrganizationActor): string => personOf(actor) ?? NO_PERSON_ID

/** A key acts as the organization: everything in it, like an admin (its scopes decide what it may call). */
export const actsForEveryone = (actor: OrganizationActor): boolean => isApiKeyActor(actor) || isAdminSession(actor)

export function eventActorOf(actor: OrganizationActor): EventActor {
  return isApiKeyActor(actor) ? { type: 'apiKey', keyId: actor.apiKey.keyId, name: actor.apiKey.name } : { type: 'user', userId: actor.userId }
}

export function auditActorOf(actor: OrganizationActor): AuditActor {
  return isApiKeyActor(actor) ? { apiKey: { id: actor.apiKey.keyId, name: actor.apiKey.name } } : sessionActor(actor)
}

/** How a notification names whoever acted when it is a key: "API key <name>". */
export const apiKeyDisplayName = (actor: ApiKeyActor): string => apiKeyActorName(actor.apiKey.name)

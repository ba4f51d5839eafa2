import type { Dashboard } from '@shared/domain'
import { paths } from '@shared/routes'

/*
 * Where each dashboard card sends the user: the screen where they act on what the card shows,
 * with that screen's own address state (the editor's ?slotId= and ?postId=, Collaborate's ?view= and
 * ?status=, Organization settings' ?section=, Analytics' ?postId=).
 */

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`

export const writeForSlotPath = (slotId: string) => withQuery(paths.writePost, { slotId })
export const editPostPath = (postId: string) => withQuery(paths.writePost, { postId })
export const myDraftsPath = withQuery(paths.collaborate, { view: 'mine', status: 'DRAFT' })
export const reviewsWaitingPath = withQuery(paths.collaborate, { view: 'requested' })
export const postResultsPath = (postId: string) => withQuery(paths.analytics, { postId })
export const membersSettingsPath = withQuery(paths.organizationSettings, { section: 'members' })
export const teamsSettingsPath = withQuery(paths.organizationSettings, { section: 'teams' })

export type SetupStep = keyof NonNullable<Dashboard['setup']>

export interface SetupItem {
  key: SetupStep
  label: string
  to: string
  done: boolean
}

/** A new organization's first steps, in the order they build on each other, each a link to where it is done. */
export function setupItems(setup: NonNullable<Dashboard['setup']>): SetupItem[] {
  const items: Omit<SetupItem, 'done'>[] = [
    { key: 'linkedInConnected', label: 'Connect LinkedIn', to: paths.settings },
    { key: 'invited', label: 'Invite your colleagues', to: membersSettingsPath },
    { key: 'teamCreated', label: 'Create a team', to: teamsSettingsPath },
    { key: 'slotAssigned', label: 'Assign the first slot', to: paths.schedule },
    { key: 'postWritten', label: 'Write the first post', to: paths.writePost }
  ]
  return items.map((item) => ({ ...item, done: setup[item.key] }))
}

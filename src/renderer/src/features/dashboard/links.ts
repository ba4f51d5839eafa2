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
const membersSettingsPath = withQuery(paths.organizationSettings, { section: 'members' })
const teamsSettingsPath = withQuery(paths.organizationSettings, { section: 'teams' })

type SetupStep = keyof NonNullable<Dashboard['setup']>

interface SetupItem {
  key: SetupStep
  /** What is left to do, or once done what was done ('Connect LinkedIn', 'LinkedIn connected'). */
  label: string
  to: string
  done: boolean
}

/** A new organization's first steps, in the order they build on each other, each a link to where it is done. */
export function setupItems(setup: NonNullable<Dashboard['setup']>): SetupItem[] {
  const items: { key: SetupStep; todo: string; doneLabel: string; to: string }[] = [
    { key: 'linkedInConnected', todo: 'Connect LinkedIn', doneLabel: 'LinkedIn connected', to: paths.settings },
    { key: 'invited', todo: 'Invite your colleagues', doneLabel: 'Colleagues invited', to: membersSettingsPath },
    { key: 'teamCreated', todo: 'Create a team', doneLabel: 'Team created', to: teamsSettingsPath },
    { key: 'slotAssigned', todo: 'Assign the first slot', doneLabel: 'First slot assigned', to: paths.schedule },
    { key: 'postWritten', todo: 'Write the first post', doneLabel: 'First post written', to: paths.writePost }
  ]
  return items.map(({ key, todo, doneLabel, to }) => ({ key, to, done: setup[key], label: setup[key] ? doneLabel : todo }))
}

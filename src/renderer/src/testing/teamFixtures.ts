import { createFakeHost, ok } from './fakeHost'
import { aMember, aUser, anAiTemplate, entitlements, memberPage } from './fixtures'

/** The organization's members as the team tests see them: a team leader, a free member, a member of another team and an invitee. */
const grace = aMember({ id: 'member-1', fullName: 'Grace Hopper', teams: [{ id: 'team-1', name: 'Writers', isLeader: true }] })
const alan = aMember({ id: 'member-2', fullName: 'Alan Turing', email: 'alan@example.com' })
const busy = aMember({
  id: 'member-3',
  fullName: 'Barbara Liskov',
  email: 'barbara@example.com',
  teams: [{ id: 'team-9', name: 'Sales', isLeader: false }]
})
const invited = aMember({ id: 'member-4', fullName: '', email: 'new@example.com', status: 'INVITED' })

/** A fake host for the team screens (user, those members, an AI template, TEAMS entitled), `replies` added or overriding. */
export function teamHostFor(replies: Parameters<typeof createFakeHost>[0] = {}) {
  return createFakeHost({
    'GET /user': ok(aUser()),
    'GET /members/list': ok(memberPage([grace, alan, busy, invited])),
    'GET /ai-template': ok([anAiTemplate()]),
    'GET /billing/verify/entitled': ok(entitlements(['TEAMS'])),
    ...replies
  })
}

import { describe, expect, it } from 'vitest'
import { endpoints } from '../contract'
import { MESSAGES } from '../messages'
import { PLAN_FEATURE_MESSAGES, accessTable, audienceOf, refusalOf } from './access'

describe('access declared in the contract', () => {
  it('words who may call an endpoint from its session rule and role', () => {
    expect(audienceOf({ method: 'POST', path: '/auth/login', auth: false })).toBe('anyone')
    expect(audienceOf({ method: 'GET', path: '/auth', auth: 'optional' })).toBe('anyone (a session is renewed)')
    expect(audienceOf({ method: 'GET', path: '/user', auth: true })).toBe('signed in')
    expect(audienceOf({ method: 'POST', path: '/x', auth: true, role: 'admin' })).toBe('ADMIN, GHOST')
    expect(audienceOf({ method: 'DELETE', path: '/x', auth: true, role: 'adminOnly' })).toBe('ADMIN')
    expect(audienceOf({ method: 'PUT', path: '/x', auth: true, role: 'leaderOrAdmin' })).toBe('ADMIN, GHOST, team leaders')
  })

  it('refuses with the entry’s own message, else the admins’ one', () => {
    expect(refusalOf({})).toBe(MESSAGES.onlyAdmins)
    expect(refusalOf({ refused: 'Only an admin can delete the organization.' })).toBe('Only an admin can delete the organization.')
  })

  it('a role or a plan feature needs a session: no entry declares one on a public endpoint', () => {
    const publicButGated = Object.entries(endpoints).filter(([, e]) => e.auth !== true && (e.role !== undefined || e.entitlement !== undefined))
    expect(publicButGated.map(([name]) => name)).toEqual([])
  })

  it('every plan feature an entry names has its refusal message', () => {
    for (const e of Object.values(endpoints)) if (e.entitlement) expect(PLAN_FEATURE_MESSAGES[e.entitlement]).toMatch(/\S/)
  })

  // docs/api-access.md is this table; `npm run docs:api` writes it again after a contract change.
  it('docs/api-access.md is the table of the contract as it is', async () => {
    const table = accessTable(endpoints)
    expect(table.split('\n')).toHaveLength(Object.keys(endpoints).length + 2)
    expect(table).toContain('| `DELETE /organization` | deleteOrganization | ADMIN |  |')
    const doc = [
      '# Access by endpoint',
      '',
      'Generated from the contract (`src/shared/api/endpoints/*.ts`: each entry’s `auth`, `role` and `entitlement`) by',
      '`npm run docs:api`; `npm test` fails when it differs. route() enforces the same entries in one place',
      '(src/server/services/authorize.ts): a caller the role leaves out gets a 403 with the entry’s message, an',
      'organization without the plan feature a 402, before the request’s body is read. Rules about a particular',
      'resource (which team a leader may change, whose post an author may edit, a ghost inviting admins) are',
      'the use cases’ and are not in this table.',
      '',
      table,
      ''
    ].join('\n')
    await expect(doc).toMatchFileSnapshot('../../../../docs/api-access.md')
  })
})

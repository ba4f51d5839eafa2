import { z } from 'zod'
import { memberSchema } from '../../domain'
import { singleLineText } from '../../domain/text'
import { nextSchema, noInput, pageQuery, v1 } from './base'

export const v1MemberEndpoints = {
  listMembers: v1({
    operationId: 'listMembers',
    method: 'GET',
    path: '/members',
    scope: 'members:read',
    tag: 'Members',
    summary: "List the organization's members",
    description: 'Members and invited people, in id order, keyset-paged.',
    params: noInput,
    query: z.object({ search: singleLineText().trim().max(200).optional().describe('Matches name or email.'), ...pageQuery }),
    body: noInput,
    response: z.object({ items: z.array(memberSchema.meta({ id: 'Member' })), next: nextSchema })
  })
} as const

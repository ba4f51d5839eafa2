import { eq } from 'drizzle-orm'
import type { SandboxPost } from '../../adapters/linkedin/sandbox'
import { businessPages } from '../../db/schema'
import type { AuthSession } from '../sessions'
import { row } from './connectionRows'
import type { LinkedInContext } from './types'

/* The sandbox's viewer: the posts it received as the user's member or the organization's pages (docs/architecture.md, "Writing and publishing"). */

export async function sandboxPosts(ctx: LinkedInContext, session: AuthSession): Promise<SandboxPost[]> {
  const { db, sandbox } = ctx
  if (!sandbox) return []
  const r = await row(ctx, session.userId)
  const pages = session.organization
    ? await db
        .select({ id: businessPages.id, linkedInOrganizationId: businessPages.linkedInOrganizationId })
        .from(businessPages)
        .where(eq(businessPages.organizationId, session.organization.id))
    : []
  const organizations = new Set(pages.flatMap((p) => [p.id, ...(p.linkedInOrganizationId ? [p.linkedInOrganizationId] : [])]))
  return sandbox.posts.filter((post) =>
    post.author.kind === 'person' ? r !== null && post.author.id === r.linkedInMemberId : organizations.has(post.author.id)
  )
}

import { and, eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/api/messages'
import type { PostMedia } from '../../../shared/domain/entities'
import { media } from '../../db/schema'
import { notFound } from '../../errors'
import { isUuid } from '../ids'
import type { OrganizationSession } from '../sessions'
import { toMediaView } from './mediaView'
import type { MediaDeps } from './types'

/* Changing a READY file's alt text, by its uploader (docs/architecture.md, "Writing and publishing"). */

export async function updateMedia(deps: Pick<MediaDeps, 'db' | 'clock'>, session: OrganizationSession, input: { mediaId: string; altText: string }): Promise<PostMedia> {
  const { db, clock } = deps
  const [row] = isUuid(input.mediaId)
    ? await db
        .update(media)
        .set({ altText: input.altText, updatedAt: clock.now() })
        .where(
          and(
            eq(media.id, input.mediaId),
            eq(media.organizationId, session.organization.id),
            eq(media.uploaderUserId, session.userId),
            eq(media.status, 'READY')
          )
        )
        .returning()
    : []
  if (!row) throw notFound(MESSAGES.mediaNotFound)
  return toMediaView(row)
}

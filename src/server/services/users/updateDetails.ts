import { eq } from 'drizzle-orm'
import type { User } from '../../../shared/domain'
import { isSafeImageAddress } from '../../../shared/rules/images'
import { users } from '../../db/schema'
import { badRequest } from '../../errors'
import type { AuthSession } from '../sessions'
import { changePhoto, NO_PHOTO, PHOTO_ADDRESS_PREFIX } from './photos'
import type { UpdateUserDetailsInput, UserDeps } from './types'
import { viewUser } from './viewUser'

/* The user's name, time zone and image address (docs/architecture.md, "Notifications and `GET /user`"). */

const INVALID_IMAGE_MESSAGE = 'Use an image address starting with https://'

/** Stores a time zone with the IANA database's spelling ('europe/paris' -> 'Europe/Paris'). */
function canonicalTimezone(timezone: string): string {
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: timezone }).resolvedOptions().timeZone
  return resolved.toLowerCase() === timezone.toLowerCase() ? resolved : timezone
}

export async function updateDetails(deps: UserDeps, session: AuthSession, input: UpdateUserDetailsInput): Promise<User> {
  const { db, clock } = deps
  const changes: Partial<typeof users.$inferInsert> = { updatedAt: clock.now() }
  if (input.fullName !== undefined) changes.fullName = input.fullName
  if (input.timezone !== undefined) changes.timezone = canonicalTimezone(input.timezone)
  if (input.image === undefined) {
    await db.update(users).set(changes).where(eq(users.id, session.userId))
    return viewUser(deps, session)
  }
  const image = input.image?.trim() || null
  // https:// on a public host or a same-origin path (rules/images.ts): the renderer puts this into <img src>.
  if (image !== null && !isSafeImageAddress(image)) {
    throw badRequest(INVALID_IMAGE_MESSAGE, { image: INVALID_IMAGE_MESSAGE })
  }
  // An image other than the uploaded photo's address replaces the photo: its file goes.
  await changePhoto(deps, session.userId, (current) => {
    const keepsPhoto = current.photoFile !== null && current.image === image
    // Nobody wears another person's uploaded face: the only photo address allowed is one's own current one.
    if (!keepsPhoto && image?.startsWith(PHOTO_ADDRESS_PREFIX)) throw badRequest(INVALID_IMAGE_MESSAGE, { image: INVALID_IMAGE_MESSAGE })
    return { ...changes, image, ...(keepsPhoto ? {} : NO_PHOTO) }
  })
  return viewUser(deps, session)
}

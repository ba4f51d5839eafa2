import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { userPhotoAddress, USER_PHOTO_FIELD } from '../../../shared/api/contract'
import { MESSAGES } from '../../../shared/api/messages'
import type { User } from '../../../shared/domain'
import { badRequest } from '../../errors'
import type { AuthSession } from '../sessions'
import { discard, moveInto, type UploadedImage } from '../uploads'
import { checkPhotoDimensions, userPhotosDir } from '../userPhotos'
import { changePhoto } from './photos'
import type { UserDeps } from './types'
import { viewUser } from './viewUser'

/* Keeping an uploaded photo as the user's image (docs/architecture.md, "Notifications and `GET /user`"). */

export async function uploadPhoto(deps: UserDeps, session: AuthSession, image: UploadedImage | null): Promise<User> {
  const photosDir = userPhotosDir(deps.uploadsDir)
  try {
    if (!image) throw badRequest(MESSAGES.photoMissing, { [USER_PHOTO_FIELD]: MESSAGES.photoMissing })
    await checkPhotoDimensions(image, USER_PHOTO_FIELD)
    const file = await moveInto(image, photosDir)
    const contentType = image.contentType
    image = null
    try {
      const version = randomBytes(4).toString('hex')
      await changePhoto(deps, session.userId, () => ({ photoFile: file, photoContentType: contentType, photoVersion: version, image: userPhotoAddress(session.userId, version) }))
    } catch (err) {
      // Never anyone's photo: gone now, whatever a surrounding transaction does.
      await rm(join(photosDir, file), { force: true })
      throw err
    }
    return await viewUser(deps, session)
  } finally {
    await discard(image)
  }
}

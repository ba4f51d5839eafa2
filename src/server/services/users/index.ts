import type { User } from '../../../shared/domain'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { AuthSession } from '../sessions'
import type { UploadedImage } from '../uploads'
import { removePhoto } from './removePhoto'
import { setGuidelineRead } from './setGuidelineRead'
import type { UpdateUserDetailsInput, UserDeps } from './types'
import { updateDetails } from './updateDetails'
import { updateEmail } from './updateEmail'
import { uploadPhoto } from './uploadPhoto'
import { userPhoto } from './userPhoto'
import { viewUser } from './viewUser'

/*
 * Users: GET /user, the user's details, email, guideline read and photo. One use case per file;
 * this facade only delegates. The rules are in docs/architecture.md, "Notifications and `GET /user`".
 */

export type { UpdateUserDetailsInput, UserDeps } from './types'

export interface UserService {
  /** GET /user for the session: its current organization's settings come first (spec §6). */
  view(session: AuthSession): Promise<User>
  updateDetails(session: AuthSession, input: UpdateUserDetailsInput): Promise<User>
  updateEmail(session: AuthSession, email: string): Promise<User>
  setGuidelineRead(session: AuthSession, read: boolean): Promise<User>
  /** Keeps an uploaded photo (checked: square, 64 to 2048 px) as the user's image; the previous photo file goes. */
  uploadPhoto(session: AuthSession, image: UploadedImage | null): Promise<User>
  /** No photo and no image address any more; the uploaded file goes. */
  removePhoto(session: AuthSession): Promise<User>
  /** `userId`'s photo file for `viewerId`: their own, or a colleague's in an organization both are ACTIVE in; null otherwise. */
  photo(viewerId: string, userId: string): Promise<{ path: string; contentType: string } | null>
}

export function createUserService(
  db: Database,
  clock: Clock,
  supportChatSecret: string | null,
  uploadsDir: string
): UserService {
  const deps: UserDeps = { db, clock, supportChatSecret, uploadsDir }
  return {
    view: (session) => viewUser(deps, session),
    updateDetails: (session, input) => updateDetails(deps, session, input),
    updateEmail: (session, email) => updateEmail(deps, session, email),
    setGuidelineRead: (session, read) => setGuidelineRead(deps, session, read),
    uploadPhoto: (session, image) => uploadPhoto(deps, session, image),
    removePhoto: (session) => removePhoto(deps, session),
    photo: (viewerId, userId) => userPhoto(deps, viewerId, userId)
  }
}

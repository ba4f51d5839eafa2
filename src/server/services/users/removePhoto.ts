import type { User } from '../../../shared/domain'
import type { AuthSession } from '../sessions'
import { changePhoto, NO_PHOTO } from './photos'
import type { UserDeps } from './types'
import { viewUser } from './viewUser'

/* No photo and no image address any more (docs/architecture.md, "Notifications and `GET /user`"). */

export async function removePhoto(deps: UserDeps, session: AuthSession): Promise<User> {
  await changePhoto(deps, session.userId, () => ({ ...NO_PHOTO, image: null }))
  return viewUser(deps, session)
}

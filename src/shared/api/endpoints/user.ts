import { z } from 'zod'
import { singleLineText } from '../../domain/text'
import { userSchema } from '../../domain'
import { API_BASE, endpoint, none, ok } from './base'
import { emailSchema } from './common'

/* The signed-in user: details, photo, email, password, reading the guideline. */

/** The user's password now: asked before the password or the email changes (issue 12). */
const currentPasswordSchema = singleLineText({ error: 'Enter your current password.' })
  .min(1, 'Enter your current password.')
  .max(256, 'Use at most 256 characters.')

/** PUT /user/update-password. The new password must also pass the strength rule (rules/password.ts, on the server). */
export const updatePasswordBodySchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: singleLineText().min(8, 'Use at least 8 characters.').max(256, 'Use at most 256 characters.')
})

export const updateUserEmailBodySchema = z.object({ email: emailSchema, currentPassword: currentPasswordSchema })

export const timezoneSchema = singleLineText().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz })
    return true
  } catch {
    return false
  }
}, 'Choose a valid time zone.')

export const updateUserDetailsBodySchema = z
  .object({
    fullName: singleLineText().trim().min(1, 'Enter your full name.').max(200).optional(),
    timezone: timezoneSchema.optional(),
    image: singleLineText().max(2048).nullable().optional()
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update.')

/** The file part of POST /user/photo: the cropped photo (PHOTO_TYPES, at most MAX_PHOTO_BYTES). */
export const USER_PHOTO_FIELD = 'photo'
/**
 * Where a user's uploaded photo is served (GET, session cookie; not JSON, so not in `endpoints`):
 * to that user and their colleagues in an organization both belong to. `User.image` is then
 * userPhotoAddress(id, version).
 */
export const USER_PHOTO_PATH = '/user/photo/:userId'
export function userPhotoAddress(userId: string, version: string): string {
  return `${API_BASE}${USER_PHOTO_PATH.replace(':userId', userId)}?v=${version}`
}

export const userEndpoints = {
  // User
  getUser: endpoint({ method: 'GET', path: '/user', query: none, body: none, response: userSchema }),
  updateUserDetails: endpoint({ method: 'PUT', path: '/user/update-user-details', query: none, body: updateUserDetailsBodySchema, response: userSchema }),
  /** The profile photo, multipart (file part USER_PHOTO_FIELD): replaces the previous one; `image` becomes its address. */
  uploadUserPhoto: endpoint({ method: 'POST', path: '/user/photo', query: none, body: z.object({}), response: userSchema, multipart: { fileField: USER_PHOTO_FIELD } }),
  /** Removes the photo (the uploaded file too); `image` becomes null. */
  removeUserPhoto: endpoint({ method: 'DELETE', path: '/user/photo', query: none, body: none, response: userSchema }),
  /** Needs the current password (400 fields.currentPassword when wrong); the user's other sessions end. */
  updateUserEmail: endpoint({ method: 'PUT', path: '/user/update-user-email', query: none, body: updateUserEmailBodySchema, response: userSchema }),
  /** Needs the current password; the new one must be strong enough (400 fields.newPassword); the user's other sessions end. */
  updatePassword: endpoint({ method: 'PUT', path: '/user/update-password', query: none, body: updatePasswordBodySchema, response: ok }),
  /** Confirms (or, with read: false, withdraws) reading the current organization's posting guideline; no body means read. */
  updateGuidelineReadStatus: endpoint({ method: 'PUT', path: '/user/update-guideline-read-status', query: none, body: z.object({ read: z.boolean() }).optional(), response: userSchema })
} as const

import { MESSAGES } from '@shared/api/messages'
import { GENERIC_ERROR_MESSAGE, isApiError } from '@renderer/api/client'
import type { NotifyOptions } from '@renderer/lib/toasts'
import { failureToast } from '@renderer/lib/failureToast'

/**
 * The invitation failure toast of spec §8: an already-invited email reads 'Sorry, that user has
 * already been invited.', the seat limit shows as is, a missing plan asks to contact support, and
 * anything else is generic.
 */
export function invitationFailure(error: unknown): NotifyOptions {
  const toast = (body: string): NotifyOptions => ({ title: `${MESSAGES.inviteFailedTitle} ⚠️`, body, intent: 'error' })
  if (!isApiError(error)) return toast(GENERIC_ERROR_MESSAGE)
  if (error.message === MESSAGES.emailAlreadyInvited || error.fields.email === MESSAGES.emailAlreadyInvited) return toast(MESSAGES.alreadyInvitedToast)
  if (error.message === MESSAGES.seatsLimitReached) return toast(MESSAGES.seatsLimitReached)
  if (error.code === 'no_plan') return toast(MESSAGES.noPlan)
  return toast(GENERIC_ERROR_MESSAGE)
}

/**
 * A failed member update: lowering the last admin is 'Role update fail' / 'There must be at least
 * one admin in your organization.' (spec §8); anything else is the generic user failure toast.
 */
export function memberUpdateFailure(error: unknown): NotifyOptions {
  if (isApiError(error) && error.message === MESSAGES.lastAdmin) {
    return { title: `${MESSAGES.roleUpdateFailTitle} ⚠️`, body: MESSAGES.lastAdmin, intent: 'error' }
  }
  return failureToast('User not updated ⚠️', error)
}

import { GENERIC_ERROR_MESSAGE, isApiError } from '@renderer/api/client'
import type { NotifyOptions, ToastTitleText } from '@renderer/lib/toasts'

/**
 * The generic failure toasts of spec §8 (AI template, tag, team, organization, settings): the
 * server's text for a refusal (4xx), the generic text for anything else.
 */
export function failureToast(title: ToastTitleText, error: unknown): NotifyOptions {
  const body = isApiError(error) && error.isClientError ? error.message : GENERIC_ERROR_MESSAGE
  return { title, body, intent: 'error' }
}

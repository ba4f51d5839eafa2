import { GENERIC_ERROR_MESSAGE, isApiError } from '@renderer/api/client'
import type { NotifyOptions, ToastTitleText } from '@renderer/lib/toasts'
import { describeFailure, type FieldErrors } from './formErrors'

/**
 * The generic failure toasts of spec §8 (AI template, tag, team, organization, settings): the
 * server's text for a refusal (4xx), the generic text for anything else.
 */
export function failureToast(title: ToastTitleText, error: unknown): NotifyOptions {
  const body = isApiError(error) && error.isClientError ? error.message : GENERIC_ERROR_MESSAGE
  return { title, body, intent: 'error' }
}

/**
 * The mutate handlers of a dialog that saves a form: on success a toast and close; on failure the
 * server's field messages beside their fields, and a failure toast when the refusal is not about
 * a field.
 */
export function dialogSaveHandlers<T>(options: {
  notify: (toast: NotifyOptions) => void
  onClose: () => void
  setErrors: (errors: FieldErrors) => void
  saved: (result: T) => NotifyOptions
  failureTitle: ToastTitleText
}) {
  return {
    onSuccess: (result: T) => {
      options.notify(options.saved(result))
      options.onClose()
    },
    onError: (error: unknown) => {
      const failure = describeFailure(error)
      options.setErrors(failure.fields)
      if (failure.message) options.notify(failureToast(options.failureTitle, error))
    }
  }
}

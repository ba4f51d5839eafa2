import { useCallback } from 'react'
import { Toast, ToastBody, ToastTitle, Toaster, useToastController, type ToastIntent } from '@fluentui/react-components'
import { TOAST_MAX, TOAST_TIMEOUT_MS } from '@shared/constants'

const TOASTER_ID = 'pagecrew-toaster'

/** Toast titles end in an emoji (spec §8); the type keeps that true. */
type ToastEmoji = '✅' | '⚠️' | '🚀' | '👋' | '🎉'
export type ToastTitleText = `${string} ${ToastEmoji}`

export interface NotifyOptions {
  title: ToastTitleText
  body?: string
  intent?: ToastIntent
}

/** One toast at a time, 5000 ms each (spec §2, §9). */
export function AppToaster() {
  return <Toaster toasterId={TOASTER_ID} limit={TOAST_MAX} timeout={TOAST_TIMEOUT_MS} position="top-end" pauseOnHover />
}

/**
 * Shows a toast. One at a time (spec §2): a new toast replaces the one showing rather than queueing
 * behind it, so the answer to the latest action is never late.
 */
export function useNotify() {
  const { dispatchToast, dismissAllToasts } = useToastController(TOASTER_ID)
  return useCallback(
    ({ title, body, intent = 'success' }: NotifyOptions) => {
      dismissAllToasts()
      dispatchToast(
        <Toast data-testid="toast">
          <ToastTitle>{title}</ToastTitle>
          {body ? <ToastBody>{body}</ToastBody> : null}
        </Toast>,
        { intent }
      )
    },
    [dispatchToast, dismissAllToasts]
  )
}

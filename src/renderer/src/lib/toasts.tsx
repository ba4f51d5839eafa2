import { useCallback } from 'react'
import { Toast, ToastBody, ToastTitle, Toaster, useToastController, type ToastIntent } from '@fluentui/react-components'
import { TOAST_MAX, TOAST_TIMEOUT_MS } from '@shared/constants'
import { SMALL_SCREEN_QUERY, useMediaQuery } from '@renderer/hooks/useMediaQuery'

const TOASTER_ID = 'pagecrew-toaster'

/** Toast titles end in an emoji (spec §8); the type keeps that true. */
type ToastEmoji = '✅' | '⚠️' | '🚀' | '👋' | '🎉'
export type ToastTitleText = `${string} ${ToastEmoji}`

export interface NotifyOptions {
  title: ToastTitleText
  body?: string
  intent?: ToastIntent
}

/** Above the phone layout's bottom bar (its account controls), which a toast must not cover. */
const BOTTOM_BAR_CLEARANCE_PX = 72

/**
 * One toast at a time, 5000 ms each (spec §2, §9), at the bottom end of the window: the top bar's
 * bell, SSI badge and avatar keep their menus and tooltips uncovered.
 */
export function AppToaster() {
  const small = useMediaQuery(SMALL_SCREEN_QUERY)
  return (
    <Toaster
      toasterId={TOASTER_ID}
      limit={TOAST_MAX}
      timeout={TOAST_TIMEOUT_MS}
      position="bottom-end"
      offset={small ? { vertical: BOTTOM_BAR_CLEARANCE_PX } : undefined}
      pauseOnHover
    />
  )
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

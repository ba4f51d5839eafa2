import { Tooltip, type TooltipProps } from '@fluentui/react-components'
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@shared/constants'

/**
 * Fluent's Tooltip with the spec's timing (§9 Limits: delay 700 ms, skip delay 300 ms), the only
 * Tooltip the app draws (a lint rule keeps Fluent's own out). A tooltip shows 700 ms after the pointer
 * or focus arrives; it stays 300 ms after they leave, and a tooltip asked for while another still
 * shows appears at once (Fluent's rule) — so moving along a row of icons within 300 ms skips the delay.
 */
export function AppTooltip(props: TooltipProps) {
  return <Tooltip {...props} showDelay={TOOLTIP_DELAY_MS} hideDelay={TOOLTIP_SKIP_DELAY_MS} />
}

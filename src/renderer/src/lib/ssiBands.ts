import type { BadgeProps } from '@fluentui/react-components'
import { ssiBand } from '@shared/rules'

type SsiBand = ReturnType<typeof ssiBand>

/** The tooltip bands of spec §2, lowest first. */
export const SSI_BANDS: readonly SsiBand[] = ['0-30', '31-45', '46-60', '61-75', '75+']

/** Each band's badge colour: from red (just starting) to green (a strong index). */
export const SSI_BAND_COLORS: Record<SsiBand, NonNullable<BadgeProps['color']>> = {
  '0-30': 'danger',
  '31-45': 'severe',
  '46-60': 'warning',
  '61-75': 'brand',
  '75+': 'success'
}

export const SSI_NO_VALUE_TEXT = 'Record your SSI from LinkedIn’s SSI page.'

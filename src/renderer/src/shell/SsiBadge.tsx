import { useState } from 'react'
import { Badge, Button, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ssiBand } from '@shared/rules'
import { RecordSsiDialog } from '@renderer/dialogs/ssi/RecordSsiDialog'
import { SSI_BAND_COLORS, SSI_BANDS, SSI_NO_VALUE_TEXT } from '@renderer/lib/ssiBands'
import { AppTooltip } from '@renderer/components/AppTooltip'

const useStyles = makeStyles({
  tooltip: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  current: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 }
})

function SsiBands({ score }: { score: number | null }) {
  const styles = useStyles()
  const band = score === null ? null : ssiBand(score)
  return (
    <div className={styles.tooltip}>
      <Text weight="semibold">Social Selling Index</Text>
      <ul className={styles.list}>
        {SSI_BANDS.map((b) => (
          <li key={b} className={b === band ? styles.current : undefined} data-current={b === band || undefined}>
            {b}
            {b === band ? ' ← you' : ''}
          </li>
        ))}
      </ul>
      <Text size={200}>{score === null ? SSI_NO_VALUE_TEXT : 'Click to record a new reading.'}</Text>
    </div>
  )
}

/**
 * The user's LinkedIn Social Selling Index as they last recorded it (issue 15), coloured by its
 * band, with the bands of spec §2 in its tooltip. Clicking it opens "Record your SSI". Its name
 * begins with what it shows ("SSI 52"), so a speech user can say what they see (WCAG 2.5.3).
 */
export function SsiBadge({ score }: { score: number | null }) {
  const [recording, setRecording] = useState(false)
  const shown = score === null ? '–' : String(Math.round(score))
  return (
    <>
      <AppTooltip content={<SsiBands score={score} />} relationship="description" withArrow>
        <Button appearance="subtle" aria-label={`SSI ${shown}, Social Selling Index`} aria-haspopup="dialog" onClick={() => setRecording(true)} data-testid="ssi-badge">
          <Badge appearance="tint" shape="rounded" color={score === null ? 'informative' : SSI_BAND_COLORS[ssiBand(score)]} size="large" data-band={score === null ? undefined : ssiBand(score)}>
            SSI {shown}
          </Badge>
        </Button>
      </AppTooltip>
      {recording ? <RecordSsiDialog onClose={() => setRecording(false)} /> : null}
    </>
  )
}

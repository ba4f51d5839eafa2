import { Badge, Button, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components'
import { TOOLTIP_DELAY_MS } from '@shared/constants'
import { ssiBand } from '@shared/rules'

const BANDS = ['0-30', '31-45', '46-60', '61-75', '75+'] as const

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
        {BANDS.map((b) => (
          <li key={b} className={b === band ? styles.current : undefined} data-current={b === band || undefined}>
            {b}
            {b === band ? ' ← you' : ''}
          </li>
        ))}
      </ul>
      {score === null ? <Text size={200}>LinkedIn has not reported your index yet.</Text> : null}
    </div>
  )
}

/** The user's LinkedIn Social Selling Index, with the bands of spec §2 in its tooltip. */
export function SsiBadge({ score }: { score: number | null }) {
  const shown = score === null ? '–' : String(Math.round(score))
  return (
    <Tooltip content={<SsiBands score={score} />} relationship="description" showDelay={TOOLTIP_DELAY_MS} withArrow>
      <Button
        appearance="subtle"
        aria-label={`Social Selling Index ${shown}`}
        data-testid="ssi-badge"
      >
        <Badge appearance="tint" shape="rounded" color="brand" size="large">
          SSI {shown}
        </Badge>
      </Button>
    </Tooltip>
  )
}

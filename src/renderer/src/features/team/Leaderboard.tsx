import { ProgressBar, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import type { EffortTeam } from '@shared/domain'
import { percent, progressOf } from './effortFormat'
import { PersonAvatar } from '@renderer/components/PersonAvatar'

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: {
    display: 'grid',
    gridTemplateColumns: '2.5em minmax(0, 1fr) minmax(80px, 2fr) auto',
    alignItems: 'center',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    // On a phone the bar takes a line of its own under the team, so the name keeps its room.
    '@media (max-width: 600px)': { gridTemplateColumns: '2em minmax(0, 1fr) auto' }
  },
  bar: { '@media (max-width: 600px)': { gridColumn: '2 / -1', gridRow: 2 } },
  rank: { fontVariantNumeric: 'tabular-nums', textAlign: 'end' },
  team: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  numbers: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 }
})

/**
 * Teams ranked by share of target reached (each member counted up to their own target, so a big
 * team does not win by size): rank, team, a bar of the share and published / target. A list, so
 * it reads the same to a screen reader and on a phone; the chart beside it only draws it.
 */
export function Leaderboard({ teams }: { teams: readonly EffortTeam[] }) {
  const styles = useStyles()
  return (
    <ol className={styles.list} aria-label="Leaderboard" data-testid="leaderboard">
      {teams.map((t) => (
        <li key={t.team.id} className={styles.row} data-testid={`leaderboard-${t.team.id}`}>
          <Text weight="semibold" className={styles.rank} data-testid="leaderboard-rank">
            {t.rank === null ? '–' : `${t.rank}.`}
          </Text>
          <span className={styles.team}>
            <PersonAvatar shape="square" name={t.team.name} image={t.team.previewURL ? { src: t.team.previewURL } : undefined} size={28} color="colorful" />
            <Text className={styles.name}>{t.team.name}</Text>
          </span>
          {t.shareOfTarget === null ? (
            <Text className={mergeClasses(styles.muted, styles.bar)}>No targets</Text>
          ) : (
            <ProgressBar className={styles.bar} value={t.shareOfTarget} thickness="large" aria-label={`${t.team.name}: ${percent(t.shareOfTarget)} of target reached`} />
          )}
          <Text className={styles.numbers} data-testid="leaderboard-published">
            {t.target > 0 ? `${t.published} / ${t.target} · ${percent(t.shareOfTarget ?? progressOf(t.published, t.target))}` : `${t.published}`}
          </Text>
        </li>
      ))}
    </ol>
  )
}

import {
  Badge,
  ProgressBar,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens
} from '@fluentui/react-components'
import type { EffortMember } from '@shared/domain'
import { NudgeButton } from './NudgeButton'
import { percent, progressOf, weeksLabel } from './effortFormat'
import { PersonAvatar } from '@renderer/components/PersonAvatar'

const useStyles = makeStyles({
  // A wide table on a phone scrolls inside itself rather than widening the page.
  scroller: { overflowX: 'auto', maxWidth: '100%' },
  table: { minWidth: '760px' },
  // The name needs room; the counts are short.
  memberColumn: { width: '28%' },
  progressColumn: { width: '18%' },
  statusColumn: { width: '16%' },
  person: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: '120px' },
  numbers: { fontVariantNumeric: 'tabular-nums' },
  muted: { color: tokens.colorNeutralForeground3 },
  reshares: { display: 'block', color: tokens.colorNeutralForeground3 }
})

/** `nudgeable`: whether this member may be nudged now (the viewer's team, this month, behind). */
interface MemberTableProps {
  members: readonly EffortMember[]
  month: string
  nudgeable: (member: EffortMember) => boolean
  label: string
  'data-testid'?: string
}

/** A team's members: their month against their target, their slots, on-time rate and streak. */
export function MemberTable({ members, month, nudgeable, label, 'data-testid': testId }: MemberTableProps) {
  const styles = useStyles()
  return (
    // A tab stop with a name: on a phone the table scrolls sideways, and the keyboard must reach what is off screen (WCAG 2.1.1).
    <div className={styles.scroller} data-scrolls-sideways="" tabIndex={0} role="region" aria-label={label} data-testid={testId}>
      <Table className={styles.table} size="small" aria-label={label}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={styles.memberColumn}>Member</TableHeaderCell>
            <TableHeaderCell className={styles.progressColumn}>Published / target</TableHeaderCell>
            <TableHeaderCell>Slots assigned</TableHeaderCell>
            <TableHeaderCell>Done</TableHeaderCell>
            <TableHeaderCell>Missed</TableHeaderCell>
            <TableHeaderCell>On time</TableHeaderCell>
            <TableHeaderCell>Streak</TableHeaderCell>
            <TableHeaderCell className={styles.statusColumn}>Status</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {members.map((row) => (
            <TableRow key={row.member.id} data-testid={`effort-member-${row.member.id}`}>
              <TableCell>
                <span className={styles.person}>
                  <PersonAvatar name={row.member.fullName} image={row.member.image ? { src: row.member.image } : undefined} size={24} color="colorful" />
                  <Text className={styles.name}>{row.member.fullName}</Text>
                </span>
              </TableCell>
              <TableCell>
                {row.target > 0 ? (
                  <span className={styles.progress}>
                    <Text className={styles.numbers} data-testid="effort-published">
                      {row.published} / {row.target}
                    </Text>
                    <ProgressBar
                      value={progressOf(row.published, row.target)}
                      color={row.behind ? 'warning' : 'brand'}
                      aria-label={`${row.member.fullName}: ${row.published} of ${row.target} posts published`}
                    />
                  </span>
                ) : (
                  <Text className={styles.numbers} data-testid="effort-published">
                    {row.published} <span className={styles.muted}>(no target)</span>
                  </Text>
                )}
                {row.reshares > 0 ? (
                  <Text size={200} className={styles.reshares} data-testid="effort-reshares">
                    {`incl. ${row.reshares} ${row.reshares === 1 ? 'reshare' : 'reshares'}`}
                  </Text>
                ) : null}
              </TableCell>
              <TableCell className={styles.numbers}>{row.slotsAssigned}</TableCell>
              <TableCell className={styles.numbers}>{row.slotsDone}</TableCell>
              <TableCell className={styles.numbers}>{row.slotsMissed}</TableCell>
              <TableCell className={styles.numbers}>{row.onTimeRate === null ? <span className={styles.muted}>—</span> : percent(row.onTimeRate)}</TableCell>
              <TableCell className={styles.numbers}>{weeksLabel(row.streakWeeks)}</TableCell>
              <TableCell>
                <span className={styles.person}>
                  {row.behind ? (
                    <Badge appearance="tint" color="warning" data-testid="effort-behind">
                      Behind
                    </Badge>
                  ) : null}
                  {nudgeable(row) ? <NudgeButton member={row.member} month={month} nudgedToday={row.nudgedToday} /> : null}
                </span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}

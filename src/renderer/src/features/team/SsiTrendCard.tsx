import { Suspense, lazy, useState } from 'react'
import { Button, Card, CardHeader, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useTeamSsiTrend } from '@renderer/api/ssi'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { monthLabel } from './months'

const SsiTrendChart = lazy(() => import('./SsiTrendChart'))

/** Months of trend the card shows. */
const SSI_TREND_MONTHS = 12
export const SSI_TREND_EMPTY = 'Members record their SSI from the badge in the top bar.'

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
  tableWrap: { overflowX: 'auto' }
})

/**
 * "Team SSI trend" (issue 15), for team leaders (their teams) and admins (every team): each team's
 * monthly average Social Selling Index over the last year, one line per team, with the figures in a
 * table behind a toggle.
 */
export function SsiTrendCard() {
  const styles = useStyles()
  const trend = useTeamSsiTrend(SSI_TREND_MONTHS)
  const [showTable, setShowTable] = useState(false)
  const teams = (trend.data?.teams ?? []).filter((t) => t.points.length > 0)
  return (
    <Card className={styles.card} data-testid="ssi-trend-card">
      <CardHeader
        header={
          <Text as="h2" weight="semibold" size={500}>
            Team SSI trend
          </Text>
        }
        description={<Text className={styles.muted}>Each team’s average Social Selling Index by month, from its members’ latest record of the month</Text>}
      />
      {trend.isPending ? (
        <LoadingState inline label="Loading the SSI trend…" />
      ) : trend.isError ? (
        <ErrorState onRetry={() => void trend.refetch()} />
      ) : teams.length === 0 ? (
        <EmptyState message="No SSI recorded yet" hint={SSI_TREND_EMPTY} data-testid="ssi-trend-empty" />
      ) : (
        <>
          <Suspense fallback={<LoadingState inline label="Loading the chart…" />}>
            <SsiTrendChart teams={teams} />
          </Suspense>
          <div>
            <Button appearance="subtle" aria-expanded={showTable} onClick={() => setShowTable((shown) => !shown)} data-testid="ssi-trend-table-toggle">
              {showTable ? 'Hide the figures' : 'Show the figures'}
            </Button>
          </div>
          {showTable ? (
            <div className={styles.tableWrap} data-scrolls-sideways="" tabIndex={0} role="region" aria-label="Team SSI trend figures">
              <Table size="small" aria-label="Team SSI trend" data-testid="ssi-trend-table">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>Team</TableHeaderCell>
                    <TableHeaderCell>Month</TableHeaderCell>
                    <TableHeaderCell>Average SSI</TableHeaderCell>
                    <TableHeaderCell>Members recorded</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {teams.flatMap((team) =>
                    team.points.map((p) => (
                      <TableRow key={`${team.teamId}-${p.month}`} data-testid="ssi-trend-row">
                        <TableCell>{team.teamName}</TableCell>
                        <TableCell>{monthLabel(p.month)}</TableCell>
                        <TableCell>{p.average}</TableCell>
                        <TableCell>{p.members}</TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </div>
          ) : null}
        </>
      )}
    </Card>
  )
}

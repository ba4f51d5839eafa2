import { Suspense, lazy, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import {
  Badge,
  Button,
  Card,
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
import { SSI_PILLARS, type SsiRecord } from '@shared/domain/ssi'
import { ssiBand } from '@shared/rules'
import { useSsiHistory } from '@renderer/api/ssi'
import { RecordSsiDialog } from '@renderer/dialogs/ssi/RecordSsiDialog'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { formatDate } from '@renderer/lib/formatDate'
import { SSI_BAND_COLORS } from '@renderer/lib/ssiBands'

const SsiHistoryChart = lazy(() => import('./SsiHistoryChart'))

const useStyles = makeStyles({
  card: { maxWidth: '720px', padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  latest: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
  tableWrap: { overflowX: 'auto' }
})

/** The query parameter the monthly reminder's link carries: Settings then opens the dialog. */
const RECORD_SSI_PARAM = 'ssi'

const pillarText = (value: number | null) => (value === null ? '–' : String(value))

function HistoryTable({ records, timezone }: { records: readonly SsiRecord[]; timezone: string | null }) {
  const styles = useStyles()
  return (
    <div className={styles.tableWrap} data-scrolls-sideways="" tabIndex={0} role="region" aria-label="Your SSI figures">
      <Table size="small" aria-label="Your Social Selling Index records" data-testid="ssi-history-table">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Recorded</TableHeaderCell>
            <TableHeaderCell>SSI</TableHeaderCell>
            {SSI_PILLARS.map((p) => (
              <TableHeaderCell key={p.key}>{p.label}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {[...records].reverse().map((r) => (
            <TableRow key={r.id} data-testid="ssi-history-row">
              <TableCell>{formatDate(r.recordedAt, 'date', { timeZone: timezone })}</TableCell>
              <TableCell>{r.score}</TableCell>
              {SSI_PILLARS.map((p) => (
                <TableCell key={p.key}>{pillarText(r[p.key])}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}

/**
 * Settings' Social Selling Index (issue 15): the latest value and its band, "Record SSI", and the
 * history as a line chart with every record's figures in a table behind a toggle. `?ssi=1` (the
 * monthly reminder's link) opens the dialog.
 */
export function SsiSection({ timezone }: { timezone: string | null }) {
  const styles = useStyles()
  const history = useSsiHistory()
  const [searchParams, setSearchParams] = useSearchParams()
  const [recording, setRecording] = useState(false)
  const [showTable, setShowTable] = useState(false)
  const open = recording || searchParams.get(RECORD_SSI_PARAM) === '1'
  const close = () => {
    setRecording(false)
    if (searchParams.has(RECORD_SSI_PARAM)) {
      setSearchParams(
        (params) => {
          params.delete(RECORD_SSI_PARAM)
          return params
        },
        { replace: true }
      )
    }
  }

  const records = history.data?.records ?? []
  const latest = records.at(-1) ?? null
  return (
    <Card className={styles.card} data-testid="ssi-section">
      <h2 className={styles.heading}>Social Selling Index</h2>
      <Text className={styles.muted}>
        LinkedIn’s Social Selling Index measures how well you build your brand, find the right people, engage with insights and build relationships. Record it
        here from LinkedIn’s SSI page to follow your progress.
      </Text>
      {history.isPending ? (
        <LoadingState inline label="Loading your SSI…" />
      ) : history.isError ? (
        <ErrorState onRetry={() => void history.refetch()} />
      ) : (
        <>
          <div className={styles.latest}>
            {latest ? (
              <>
                <Badge appearance="tint" shape="rounded" size="large" color={SSI_BAND_COLORS[ssiBand(latest.score)]} data-testid="ssi-latest">
                  SSI {latest.score}
                </Badge>
                <Text data-testid="ssi-latest-band">
                  Band {ssiBand(latest.score)}, recorded {formatDate(latest.recordedAt, 'date', { timeZone: timezone })}
                </Text>
              </>
            ) : (
              <Text data-testid="ssi-none">You have not recorded your SSI yet. Open LinkedIn’s SSI page from the dialog, then enter what it shows.</Text>
            )}
            <Button appearance="primary" onClick={() => setRecording(true)} data-testid="ssi-record">
              Record SSI
            </Button>
          </div>
          {records.length > 0 ? (
            <>
              <Suspense fallback={<LoadingState inline label="Loading the chart…" />}>
                <SsiHistoryChart records={records} />
              </Suspense>
              <div>
                <Button appearance="subtle" aria-expanded={showTable} onClick={() => setShowTable((shown) => !shown)} data-testid="ssi-table-toggle">
                  {showTable ? 'Hide the figures' : 'Show the figures'}
                </Button>
              </div>
              {showTable ? <HistoryTable records={records} timezone={timezone} /> : null}
            </>
          ) : null}
        </>
      )}
      {open ? <RecordSsiDialog onClose={close} /> : null}
    </Card>
  )
}

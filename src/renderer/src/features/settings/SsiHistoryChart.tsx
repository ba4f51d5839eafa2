import { useMemo } from 'react'
import { tokens } from '@fluentui/react-components'
import { LineChart } from '@fluentui/react-charts'
import type { SsiRecord } from '@shared/domain/ssi'

/**
 * The user's SSI over time (Fluent UI v9 charts, in a chunk of its own loaded when Settings shows
 * a history). The figures are in the table beside it.
 */
export default function SsiHistoryChart({ records }: { records: readonly SsiRecord[] }) {
  const data = useMemo(
    () => ({
      lineChartData: [
        {
          legend: 'Social Selling Index',
          color: tokens.colorBrandBackground,
          data: records.map((r) => ({ x: new Date(r.recordedAt), y: r.score }))
        }
      ]
    }),
    [records]
  )
  return (
    <div data-testid="ssi-history-chart" data-points={records.length}>
      <LineChart data={data} height={220} yMinValue={0} yMaxValue={100} hideLegend />
    </div>
  )
}

import { useMemo } from 'react'
import { tokens } from '@fluentui/react-components'
import { LineChart } from '@fluentui/react-charts'
import type { TeamSsiTrend } from '@shared/domain/ssi'

const LINE_COLORS = [
  tokens.colorBrandBackground,
  tokens.colorPaletteMarigoldBorderActive,
  tokens.colorPaletteGreenBorderActive,
  tokens.colorPaletteBerryBorderActive,
  tokens.colorPaletteTealBorderActive,
  tokens.colorPaletteRedBorderActive,
  tokens.colorPalettePurpleBorderActive,
  tokens.colorPaletteDarkOrangeBorderActive
]

/** 'YYYY-MM' as the month's first instant in UTC (the server's months are UTC months). */
const monthStart = (month: string) => new Date(`${month}-01T00:00:00.000Z`)

/** One line per team with records (Fluent UI v9 charts, in a chunk of its own loaded with the card). */
export default function SsiTrendChart({ teams }: { teams: TeamSsiTrend['teams'] }) {
  const data = useMemo(
    () => ({
      lineChartData: teams.map((team, i) => ({
        legend: team.teamName,
        color: LINE_COLORS[i % LINE_COLORS.length],
        data: team.points.map((p) => ({ x: monthStart(p.month), y: p.average }))
      }))
    }),
    [teams]
  )
  return (
    <div data-testid="ssi-trend-chart" data-lines={teams.length}>
      <LineChart data={data} height={240} yMinValue={0} yMaxValue={100} useUTC />
    </div>
  )
}

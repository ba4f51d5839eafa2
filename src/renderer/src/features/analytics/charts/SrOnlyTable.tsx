import type { ReactNode } from 'react'
import { makeStyles } from '@fluentui/react-components'

const useStyles = makeStyles({
  hidden: { position: 'absolute', top: 0, left: 0, width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
  // A table grows to its content whatever its width, unless its layout is fixed: kept 1 px wide so nothing sticks out of a narrow window.
  table: { tableLayout: 'fixed', width: '1px' }
})

/** A chart's figures as a table for screen readers (the SVG alone says little); hidden from sight. */
export function SrOnlyTable({ caption, headers, rows, 'data-testid': testId }: { caption: string; headers: readonly string[]; rows: readonly (readonly ReactNode[])[]; 'data-testid'?: string }) {
  const styles = useStyles()
  return (
    <div className={styles.hidden}>
      <table className={styles.table} data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (j === 0 ? <th key={j} scope="row">{cell}</th> : <td key={j}>{cell}</td>))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

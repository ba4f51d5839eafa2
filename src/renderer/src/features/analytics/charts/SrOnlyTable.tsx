import type { ReactNode } from 'react'
import { makeStyles } from '@fluentui/react-components'

const useStyles = makeStyles({
  hidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }
})

/** A chart's figures as a table for screen readers (the SVG alone says little); hidden from sight. */
export function SrOnlyTable({ caption, headers, rows, 'data-testid': testId }: { caption: string; headers: readonly string[]; rows: readonly (readonly ReactNode[])[]; 'data-testid'?: string }) {
  const styles = useStyles()
  return (
    <table className={styles.hidden} data-testid={testId}>
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
  )
}

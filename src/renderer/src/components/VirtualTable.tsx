import { useEffect, useRef, type ReactNode } from 'react'
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'

export interface VirtualColumn<T> {
  id: string
  header: ReactNode
  /** A CSS grid track, e.g. 'minmax(160px, 2fr)' or '120px'. */
  width: string
  cell: (row: T) => ReactNode
  /** A sortable column's current order, announced on its header (the header holds the sort button). */
  sort?: 'ascending' | 'descending' | 'none'
}

const useStyles = makeStyles({
  table: {
    overflowX: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0
  },
  inner: { display: 'flex', flexDirection: 'column' },
  row: {
    display: 'grid',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    padding: `0 ${tokens.spacingHorizontalM}`,
    boxSizing: 'border-box',
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`
  },
  header: {
    minHeight: '40px',
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground2,
    backgroundColor: tokens.colorNeutralBackground2,
    borderTopLeftRadius: tokens.borderRadiusMedium,
    borderTopRightRadius: tokens.borderRadiusMedium
  },
  body: { overflowY: 'auto', position: 'relative', ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` } },
  sizer: { position: 'relative', width: '100%' },
  bodyRow: {
    position: 'absolute',
    top: 0,
    left: 0,
    width: '100%',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover }
  },
  cell: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }
})

const COLUMN_GAP_PX = 16

/** The smallest width a grid track takes: its first px length ('minmax(180px, 2fr)' -> 180). */
function minimumWidth(track: string): number {
  const px = /(\d+(?:\.\d+)?)px/.exec(track)
  return px ? Number(px[1]) : 80
}

interface VirtualTableProps<T> {
  rows: readonly T[]
  columns: readonly VirtualColumn<T>[]
  getRowId: (row: T) => string
  /** The accessible name of the table. */
  label: string
  /** Rows in total on the server, when more can be loaded than `rows` holds. */
  totalRows?: number
  rowHeight?: number
  maxHeight?: number
  /** Called when the last rows come into view (infinite loading). */
  onEndReached?: () => void
  'data-testid'?: string
  rowTestId?: (row: T) => string
}

/**
 * A table that renders only the rows in view (@tanstack/react-virtual), so a thousand members stay
 * fast. It keeps table semantics for assistive technology (aria-rowcount and aria-rowindex) and the
 * body is a focusable scroll region for keyboard users.
 */
export function VirtualTable<T>({
  rows,
  columns,
  getRowId,
  label,
  totalRows,
  rowHeight = 52,
  maxHeight = 560,
  onEndReached,
  'data-testid': testId = 'virtual-table',
  rowTestId
}: VirtualTableProps<T>) {
  const styles = useStyles()
  const scroller = useRef<HTMLDivElement>(null)
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is meant to be read during render
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => getRowId(rows[index] as T),
    overscan: 8,
    // Where layout reports no height (a hidden tab, a DOM without layout), assume the largest view.
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: maxHeight }))
  })
  const items = virtualizer.getVirtualItems()
  const lastIndex = items[items.length - 1]?.index ?? -1

  useEffect(() => {
    if (onEndReached && rows.length > 0 && lastIndex >= rows.length - 5) onEndReached()
  }, [lastIndex, rows.length, onEndReached])

  const template = columns.map((c) => c.width).join(' ')
  // Narrower than its columns' minimum widths, the table scrolls sideways instead of overlapping.
  const minWidth = columns.reduce((sum, c) => sum + minimumWidth(c.width) + COLUMN_GAP_PX, COLUMN_GAP_PX)
  return (
    <div
      role="table"
      aria-label={label}
      aria-rowcount={(totalRows ?? rows.length) + 1}
      className={styles.table}
      // Narrower than its columns, the table scrolls sideways inside itself, on purpose (the layout test allows it).
      data-scrolls-sideways=""
      data-testid={testId}
    >
      <div className={styles.inner} style={{ minWidth }}>
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} className={mergeClasses(styles.row, styles.header)} style={{ gridTemplateColumns: template }}>
            {columns.map((column) => (
              <div role="columnheader" key={column.id} className={styles.cell} aria-sort={column.sort}>
                {column.header}
              </div>
            ))}
          </div>
        </div>
        <div
          ref={scroller}
          role="rowgroup"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the body scrolls on its own: Tab reaches it so the keyboard scrolls it, and in a table it stays a rowgroup
          tabIndex={0}
          aria-label={`${label} rows`}
          className={styles.body}
          style={{ maxHeight }}
          data-testid={`${testId}-body`}
        >
          <div className={styles.sizer} style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const row = rows[item.index] as T
              return (
                <div
                  role="row"
                  key={item.key}
                  aria-rowindex={item.index + 2}
                  className={mergeClasses(styles.row, styles.bodyRow)}
                  style={{ gridTemplateColumns: template, height: item.size, transform: `translateY(${item.start}px)` }}
                  data-testid={rowTestId?.(row)}
                >
                  {columns.map((column) => (
                    <div role="cell" key={column.id} className={styles.cell}>
                      {column.cell(row)}
                    </div>
                  ))}
                </div>
              )
            })}
          </div>
        </div>
      </div>
    </div>
  )
}

import { Skeleton, SkeletonItem, makeStyles, tokens } from '@fluentui/react-components'

/**
 * Placeholders in the shape of what is loading (Fluent's Skeleton), instead of a spinner and a
 * 'Loading…' line: the page keeps its layout while data arrives. Each is one progressbar named by
 * its label for assistive technology.
 */

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, width: '100%' },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, minWidth: 0 },
  lines: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, flexGrow: 1, minWidth: 0 },
  long: { width: '60%' },
  short: { width: '35%' },
  title: { width: '40%', maxWidth: '320px' },
  cards: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: tokens.spacingHorizontalL },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4
  },
  block: { height: '96px' },
  centered: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: '100%',
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground2
  },
  // The size of CenteredCard's card, so the screen does not jump when it arrives.
  centeredCard: {
    width: '100%',
    maxWidth: '440px',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8
  }
})

interface SkeletonProps {
  /** What is loading, e.g. 'Loading members…': the accessible name. */
  label: string
  'data-testid'?: string
}

function Lines() {
  const styles = useStyles()
  return (
    <div className={styles.lines}>
      <SkeletonItem size={16} className={styles.long} />
      <SkeletonItem size={12} className={styles.short} />
    </div>
  )
}

/** Rows of a list or table: an avatar and two lines each. */
export function ListSkeleton({ label, rows = 3, 'data-testid': testId = 'list-skeleton' }: SkeletonProps & { rows?: number }) {
  const styles = useStyles()
  return (
    <Skeleton aria-label={label} className={styles.stack} data-testid={testId}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={styles.row}>
          <SkeletonItem shape="circle" size={28} />
          <Lines />
        </div>
      ))}
    </Skeleton>
  )
}

/** A grid of cards (teams, business pages, the dashboard). */
export function CardsSkeleton({ label, cards = 3, 'data-testid': testId = 'cards-skeleton' }: SkeletonProps & { cards?: number }) {
  const styles = useStyles()
  return (
    <Skeleton aria-label={label} className={styles.cards} data-testid={testId}>
      {Array.from({ length: cards }, (_, i) => (
        <div key={i} className={styles.card}>
          <div className={styles.row}>
            <SkeletonItem shape="square" size={40} />
            <Lines />
          </div>
          <SkeletonItem size={12} />
          <SkeletonItem size={12} className={styles.long} />
        </div>
      ))}
    </Skeleton>
  )
}

/** A screen's content: a heading, a row of cards and a few lines. */
export function PageSkeleton({ label, 'data-testid': testId = 'page-skeleton' }: SkeletonProps) {
  const styles = useStyles()
  return (
    <Skeleton aria-label={label} className={styles.stack} data-testid={testId}>
      <SkeletonItem size={24} className={styles.title} />
      <div className={styles.cards}>
        <SkeletonItem className={styles.block} />
        <SkeletonItem className={styles.block} />
      </div>
      <div className={styles.row}>
        <SkeletonItem shape="circle" size={28} />
        <Lines />
      </div>
      <div className={styles.row}>
        <SkeletonItem shape="circle" size={28} />
        <Lines />
      </div>
    </Skeleton>
  )
}

/** The screens outside the shell (sign-in, join): their centred card, still empty. */
export function CenteredCardSkeleton({ label, 'data-testid': testId = 'card-skeleton' }: SkeletonProps) {
  const styles = useStyles()
  return (
    <div className={styles.centered}>
      <Skeleton aria-label={label} className={styles.centeredCard} data-testid={testId}>
        <div className={styles.stack}>
          <SkeletonItem size={16} className={styles.short} />
          <SkeletonItem size={28} className={styles.long} />
          <SkeletonItem size={32} />
          <SkeletonItem size={32} />
          <SkeletonItem size={32} className={styles.short} />
        </div>
      </Skeleton>
    </div>
  )
}

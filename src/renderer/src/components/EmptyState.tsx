import type { ReactNode } from 'react'
import { Text, makeStyles, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalXL,
    color: tokens.colorNeutralForeground3,
    textAlign: 'center'
  }
})

export function EmptyState({ icon, message, children }: { icon?: ReactNode; message: string; children?: ReactNode }) {
  const styles = useStyles()
  return (
    <div className={styles.root} data-testid="empty-state">
      {icon}
      <Text>{message}</Text>
      {children}
    </div>
  )
}

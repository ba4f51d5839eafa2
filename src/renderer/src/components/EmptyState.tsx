import type { ReactElement, ReactNode } from 'react'
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalXL,
    color: tokens.colorNeutralForeground3,
    textAlign: 'center'
  },
  hint: { maxWidth: '420px' }
})

/** The next step an empty list offers, e.g. 'Create a team'. */
export interface EmptyStateAction {
  label: string
  onClick: () => void
  icon?: ReactElement
  'data-testid'?: string
}

/**
 * An empty list: its message (spec §2's exact texts where the spec gives them), then what to do
 * next, in words (`hint`) and as a button (`action`).
 */
export function EmptyState({
  icon,
  message,
  hint,
  action,
  children,
  'data-testid': testId = 'empty-state'
}: {
  icon?: ReactNode
  message: string
  hint?: string
  action?: EmptyStateAction
  children?: ReactNode
  'data-testid'?: string
}) {
  const styles = useStyles()
  return (
    <div className={styles.root} data-testid={testId}>
      {icon}
      <Text data-testid={`${testId}-message`}>{message}</Text>
      {hint ? (
        <Text size={200} className={styles.hint}>
          {hint}
        </Text>
      ) : null}
      {action ? (
        <Button appearance="primary" icon={action.icon} onClick={action.onClick} data-testid={action['data-testid'] ?? `${testId}-action`}>
          {action.label}
        </Button>
      ) : null}
      {children}
    </div>
  )
}

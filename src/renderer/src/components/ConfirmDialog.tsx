import type { ReactNode } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  makeStyles,
  tokens
} from '@fluentui/react-components'

const useStyles = makeStyles({
  danger: {
    backgroundColor: tokens.colorStatusDangerBackground3,
    ':hover': { backgroundColor: tokens.colorStatusDangerForeground2 },
    ':hover:active': { backgroundColor: tokens.colorStatusDangerForeground3 }
  }
})

export interface ConfirmTexts {
  title: string
  message: string
  confirmLabel: string
  cancelLabel: string
}

/** The confirm dialogs of spec §2: unsaved changes, delete user, delete team. */
export const CONFIRM_TEXTS = {
  unsavedChanges: {
    title: 'You have unsaved changes!',
    message: 'If you close now, your changes will be lost.',
    confirmLabel: 'Discard changes',
    cancelLabel: 'Keep editing'
  },
  deleteUser: (name: string): ConfirmTexts => ({
    title: 'Delete user',
    message: `Are you sure you want to delete ${name}? They will lose access to this organization.`,
    confirmLabel: 'Delete user',
    cancelLabel: 'Cancel'
  }),
  deleteTeam: (name: string): ConfirmTexts => ({
    title: 'Delete team',
    message: `Are you sure you want to delete the team ${name}? Its members stay in the organization.`,
    confirmLabel: 'Delete team',
    cancelLabel: 'Cancel'
  })
} as const satisfies Record<string, ConfirmTexts | ((name: string) => ConfirmTexts)>

interface ConfirmDialogProps {
  open: boolean
  title: string
  message?: ReactNode
  confirmLabel: string
  cancelLabel?: string
  /** A destructive action: the confirm button is red. */
  destructive?: boolean
  /** The confirmed action is running: both buttons wait. */
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
  'data-testid'?: string
}

/**
 * A yes/no question as an alert dialog: focus starts on Cancel, Escape cancels, outside clicks do
 * nothing.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  busy = false,
  onConfirm,
  onCancel,
  'data-testid': testId = 'confirm-dialog'
}: ConfirmDialogProps) {
  const styles = useStyles()
  return (
    <Dialog
      modalType="alert"
      open={open}
      onOpenChange={(_, data) => {
        if (!data.open && !busy) onCancel()
      }}
    >
      <DialogSurface data-testid={testId}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          {message ? <DialogContent>{message}</DialogContent> : null}
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel} disabled={busy} data-testid={`${testId}-cancel`}>
              {cancelLabel}
            </Button>
            <Button
              appearance="primary"
              className={destructive ? styles.danger : undefined}
              onClick={onConfirm}
              disabled={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
              data-testid={`${testId}-confirm`}
            >
              {confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

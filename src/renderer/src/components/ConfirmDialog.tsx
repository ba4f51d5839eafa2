import { useEffect, useRef, type ReactNode } from 'react'
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
import { useSingleFlight } from './useSingleFlight'

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
  /** Something outside the answer keeps both buttons waiting (e.g. the reload that follows it). */
  busy?: boolean
  /**
   * The answer. Return the action's promise (mutateAsync, not mutate): both buttons wait until it
   * settles, and a rejection is the caller's to show before it rejects (the dialog only stops waiting).
   */
  onConfirm: () => void | Promise<unknown>
  onCancel: () => void
  'data-testid'?: string
}

const isPromise = (value: unknown): value is Promise<unknown> => typeof (value as Promise<unknown> | undefined)?.then === 'function'

/**
 * A yes/no question as an alert dialog: focus starts on Cancel, Escape cancels, outside clicks do
 * nothing. It is the one confirmation of the renderer (lint refuses other alert dialogs), and it
 * answers once however fast its confirm is clicked twice: the guard is a ref set before any await
 * (React may not render, and disable the button, between two clicks). An answer that returns a
 * promise runs single-flight (useSingleFlight) and may be given again once it settles (a failure
 * that keeps the question open can be retried); one that returns nothing counts once per opening.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  busy: busyOutside = false,
  onConfirm,
  onCancel,
  'data-testid': testId = 'confirm-dialog'
}: ConfirmDialogProps) {
  const styles = useStyles()
  const { running, run } = useSingleFlight()
  const answered = useRef(false)
  // Each opening (and closing) asks afresh.
  useEffect(() => {
    answered.current = false
  }, [open])
  const busy = busyOutside || running

  const confirm = () => {
    if (answered.current) return
    answered.current = true
    void run(async () => {
      const result = onConfirm()
      if (!isPromise(result)) return
      try {
        await result
      } catch {
        // The caller shows its own failure; the question just stops waiting.
      } finally {
        answered.current = false
      }
    })
  }

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
              onClick={confirm}
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

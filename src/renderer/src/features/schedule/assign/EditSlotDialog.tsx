import { useMemo, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  Text
} from '@fluentui/react-components'
import type { SlotScope } from '@shared/api/contract'
import { MESSAGES } from '@shared/api/messages'
import type { AssignedSlot, User } from '@shared/domain'
import { isDateInSlotWindow, slotDateWindow } from '@shared/rules/slots'
import { useDeleteSlot, useUpdateSlot, useUpdateSlotTags } from '@renderer/api/slots'
import { useNotify } from '@renderer/lib/toasts'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { failureToast } from '@renderer/lib/failureToast'
import { canWritePostFor, slotWritePath } from '../entries'
import { SlotFields } from './SlotFields'
import { useSlotDialogStyles } from './slotDialogStyles'
import { SCOPE_LABELS, canSaveEdit, hasSeries, initialEditForm, slotSaveSteps, userTimeZone, withField, type AssignableMember, type SlotForm } from './slotForm'
import { useSlotCloseGuard } from './useSlotCloseGuard'
import { useSlotOptions } from './useSlotOptions'

/** Why a slot cannot be changed, or null when it can (the server refuses the same). */
function editBlockedReason(slot: AssignedSlot, now: Date): string | null {
  if (!slot.canEdit) return MESSAGES.slotNotEditable
  if (Date.parse(slot.time) <= now.getTime()) return MESSAGES.slotInPast
  return null
}

function ScopeChoice({ label, value, onChange, testId }: { label: string; value: SlotScope; onChange: (scope: SlotScope) => void; testId: string }) {
  return (
    <Field label={label}>
      <RadioGroup value={value} onChange={(_, d) => onChange(d.value as SlotScope)} aria-label={label} data-testid={testId}>
        {(['one', 'series'] as const).map((scope) => (
          <Radio key={scope} value={scope} label={SCOPE_LABELS[scope]} data-testid={`${testId}-${scope}`} />
        ))}
      </RadioGroup>
    </Field>
  )
}

/**
 * The Assign slot modal's edit mode: the slot's fields in the viewer's timezone, its recurrence
 * read-only, Save and Delete (each for this slot or this and the following ones of its series).
 */
export function EditSlotDialog({ user, slot, onClose }: { user: User; slot: AssignedSlot; onClose: () => void }) {
  const styles = useSlotDialogStyles()
  const notify = useNotify()
  const navigate = useNavigate()
  const update = useUpdateSlot()
  const updateTags = useUpdateSlotTags()
  const remove = useDeleteSlot()
  const timeZone = userTimeZone(user)
  const [now] = useState(() => new Date())
  const initial = useMemo(() => initialEditForm(slot, timeZone), [slot, timeZone])
  const [form, setForm] = useState<SlotForm>(initial)
  const [scope, setScope] = useState<SlotScope>('one')
  const [deleting, setDeleting] = useState(false)
  const [deleteScope, setDeleteScope] = useState<SlotScope>('one')
  const [saving, setSaving] = useState(false)
  const assignee = useMemo<AssignableMember>(
    () => ({ ...slot.assignee, email: '', status: 'ACTIVE', teams: [], businessPages: slot.businessPages }),
    [slot]
  )
  const options = useSlotOptions({ user, form, now, timeZone, extra: assignee })
  const effective = options.effective
  const dateWindow = slotDateWindow(now, timeZone)
  const blocked = editBlockedReason(slot, now)
  const steps = slotSaveSteps(initial, effective, timeZone)
  const dirty = steps.length > 0
  const pending = saving || remove.isPending
  const canSave = blocked === null && dirty && !pending && canSaveEdit(initial, effective, now, timeZone)
  const series = hasSeries(slot)
  const { requestClose, confirmation } = useSlotCloseGuard({ ask: dirty, pending, onClose })
  const set = <K extends keyof SlotForm>(key: K, value: SlotForm[K]) => setForm((f) => withField(f, key, value))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!canSave) return
    setSaving(true)
    try {
      for (const step of steps) {
        if (step.kind === 'update') await update.mutateAsync({ slotId: slot.id, scope, ...step.body })
        else await updateTags.mutateAsync({ slotId: slot.id, scope, ...step.body })
      }
      notify({ title: 'Slot updated ✅' })
      onClose()
    } catch (error) {
      notify(failureToast(`${MESSAGES.slotUpdateFailedTitle} ⚠️`, error))
      setSaving(false)
    }
  }

  const confirmDelete = () =>
    remove.mutate(
      { slotId: slot.id, scope: series ? deleteScope : 'one' },
      {
        onSuccess: ({ deleted }) => {
          notify({ title: deleted === 1 ? 'Slot deleted ✅' : `${deleted} slots deleted ✅` })
          onClose()
        },
        onError: (error) => {
          notify(failureToast('Slot not deleted ⚠️', error))
          setDeleting(false)
        }
      }
    )

  const recurrence = slot.recurrence
    ? `Occurrence ${slot.occurrence + 1} of ${slot.seriesSize}. The repeat pattern cannot be changed.`
    : series
      ? `Slot ${slot.occurrence + 1} of ${slot.seriesSize} assigned together.`
      : null

  return (
    <>
      <Dialog open onOpenChange={(_, data) => (data.open ? undefined : requestClose())}>
        <DialogSurface className={styles.surface} aria-describedby={undefined} data-testid="edit-slot-dialog">
          <form onSubmit={(e) => void submit(e)} noValidate>
            <DialogBody>
              <DialogTitle>Edit slot</DialogTitle>
              <DialogContent className={styles.content}>
                {blocked ? (
                  <MessageBar intent="info" data-testid="slot-edit-blocked">
                    <MessageBarBody>{blocked}</MessageBarBody>
                  </MessageBar>
                ) : null}
                <SlotFields
                  mode="edit"
                  form={effective}
                  set={set}
                  options={options}
                  dateWindow={dateWindow}
                  dateInvalid={blocked === null && effective.date !== initial.date && !isDateInSlotWindow(effective.date, now, timeZone)}
                  timeZone={timeZone}
                  readOnly={blocked !== null || pending}
                />
                {recurrence ? <Text data-testid="slot-series-note">{recurrence}</Text> : null}
                {series && blocked === null ? (
                  <ScopeChoice label="Apply changes to" value={scope} onChange={setScope} testId="slot-scope" />
                ) : null}
              </DialogContent>
              <DialogActions fluid className={styles.actions}>
                <Button
                  appearance="secondary"
                  onClick={() => setDeleting(true)}
                  disabled={!slot.canEdit || pending}
                  data-testid="slot-delete"
                >
                  Delete
                </Button>
                {canWritePostFor(slot, user.id) ? (
                  <Button
                    appearance="secondary"
                    disabled={pending}
                    onClick={() => {
                      onClose()
                      void navigate(slotWritePath(slot.id))
                    }}
                    data-testid="slot-write-post"
                  >
                    Write post
                  </Button>
                ) : null}
                <span className={styles.spacer} />
                <Button appearance="secondary" onClick={requestClose} disabled={pending} data-testid="slot-cancel">
                  Cancel
                </Button>
                <Button
                  appearance="primary"
                  type="submit"
                  disabled={!canSave}
                  icon={saving ? <Spinner size="tiny" /> : undefined}
                  data-testid="slot-save"
                >
                  Save
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
      <ConfirmDialog
        open={deleting}
        title="Delete slot"
        message={
          <>
            <Text block>{`Delete ${slot.assignee.fullName}'s slot on ${initial.date} at ${initial.time}?`}</Text>
            {series ? <ScopeChoice label="Slots to delete" value={deleteScope} onChange={setDeleteScope} testId="slot-delete-scope" /> : null}
          </>
        }
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(false)}
        data-testid="slot-delete-confirm"
      />
      {confirmation}
    </>
  )
}

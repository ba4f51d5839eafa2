import { useMemo, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, Field, MessageBar, MessageBarBody, Radio, RadioGroup, Text } from '@fluentui/react-components'
import type { SlotScope } from '@shared/api/contract'
import { MESSAGES } from '@shared/api/messages'
import type { AssignedSlot, User } from '@shared/domain'
import { isDateInSlotWindow, slotDateWindow } from '@shared/rules/slots'
import { useDeleteSlot, useUpdateSlot, useUpdateSlotTags } from '@renderer/api/slots'
import { DeleteConfirm, FormDialog, useFormDialog } from '@renderer/components/FormDialog'
import { failureToast } from '@renderer/lib/failureToast'
import { formatDate } from '@renderer/lib/formatDate'
import { useNotify } from '@renderer/lib/toasts'
import { canWritePostFor, slotWritePath } from '../entries'
import { SlotFields } from './SlotFields'
import { useSlotDialogStyles } from './slotDialogStyles'
import { SCOPE_LABELS, canSaveEdit, hasSeries, initialEditForm, slotSaveSteps, userTimeZone, withField, type AssignableMember, type SlotForm } from './slotForm'
import { useLeaveGuard } from '@renderer/components/useLeaveGuard'
import { SLOT_CANCEL_QUESTION } from './useSlotLeaveGuard'
import { useSlotOptions } from './useSlotOptions'

/** Why a slot cannot be changed, or null when it can (the server refuses the same). */
function editBlockedReason(slot: AssignedSlot, now: Date): string | null {
  if (!slot.canEdit) return MESSAGES.slotNotEditable
  if (Date.parse(slot.time) <= now.getTime()) return MESSAGES.slotInPast
  return null
}

function ScopeChoice({
  label,
  value,
  onChange,
  testId,
  layout
}: {
  label: string
  value: SlotScope
  onChange: (scope: SlotScope) => void
  testId: string
  layout?: 'horizontal'
}) {
  const styles = useSlotDialogStyles()
  return (
    <Field label={label}>
      <RadioGroup
        value={value}
        onChange={(_, d) => onChange(d.value as SlotScope)}
        layout={layout}
        className={styles.choices}
        aria-label={label}
        data-testid={testId}
      >
        {(['one', 'series'] as const).map((scope) => (
          <Radio key={scope} value={scope} label={SCOPE_LABELS[scope]} data-testid={`${testId}-${scope}`} />
        ))}
      </RadioGroup>
    </Field>
  )
}

/** Where the slot stands in its series: an occurrence of a repeat, or one of the slots assigned together. */
function SeriesNote({ slot }: { slot: AssignedSlot }) {
  const recurrence = slot.recurrence
    ? `Occurrence ${slot.occurrence + 1} of ${slot.seriesSize}. The repeat pattern cannot be changed.`
    : hasSeries(slot)
      ? `Slot ${slot.occurrence + 1} of ${slot.seriesSize} assigned together.`
      : null
  return recurrence ? <Text data-testid="slot-series-note">{recurrence}</Text> : null
}

interface DeleteSlotConfirmProps {
  open: boolean
  slot: AssignedSlot
  /** The slot's day and time as the dialog shows them. */
  when: { date: string; time: string }
  /** Deletes the slot, or with a series the scope chosen here. */
  onDelete: (scope: SlotScope) => Promise<void>
  onClose: () => void
}

/** 'Delete slot': whose slot and when, and for a series whether the following ones go too. */
function DeleteSlotConfirm({ open, slot, when, onDelete, onClose }: DeleteSlotConfirmProps) {
  const notify = useNotify()
  const [deleteScope, setDeleteScope] = useState<SlotScope>('one')
  return (
    <DeleteConfirm
      open={open}
      title="Delete slot"
      message={
        <>
          <Text block>{`Delete ${slot.assignee.fullName}'s slot on ${formatDate(when.date, 'dateLong')} at ${when.time}?`}</Text>
          {hasSeries(slot) ? <ScopeChoice label="Slots to delete" value={deleteScope} onChange={setDeleteScope} testId="slot-delete-scope" /> : null}
        </>
      }
      confirmLabel="Delete"
      onDelete={() => onDelete(deleteScope)}
      onError={(error) => notify(failureToast('Slot not deleted ⚠️', error))}
      onClose={onClose}
      data-testid="slot-delete-confirm"
    />
  )
}

/**
 * The Assign slot modal's edit mode: the slot's fields in the viewer's timezone (an auto-assigned
 * slot's day and time too), its recurrence read-only, Save and Delete (each for this slot or this
 * and the following ones of its series). The scope of a series edit sits above the buttons, outside
 * the fields that scroll in a short window, so it is seen before Save.
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
  const form = useFormDialog({
    initial,
    onClose,
    isDirty: (values, saved) => slotSaveSteps(saved, values, timeZone).length > 0,
    // A pending delete: Save and closing wait for it.
    busy: remove.isPending,
    // A save's or delete's answer closes the modal, so closing waits for it.
    whileSaving: 'block',
    closeQuestion: SLOT_CANCEL_QUESTION
  })
  const [scope, setScope] = useState<SlotScope>('one')
  const [deleting, setDeleting] = useState(false)
  const assignee = useMemo<AssignableMember>(
    () => ({ ...slot.assignee, email: '', status: 'ACTIVE', teams: [], businessPages: slot.businessPages }),
    [slot]
  )
  const options = useSlotOptions({ user, form: form.values, now, timeZone, extra: assignee })
  const effective = options.effective
  const blocked = editBlockedReason(slot, now)
  const steps = slotSaveSteps(initial, effective, timeZone)
  const canSave = blocked === null && steps.length > 0 && canSaveEdit(initial, effective, now, timeZone)
  const series = hasSeries(slot)
  const leaveGuard = useLeaveGuard({ active: form.dirty, question: SLOT_CANCEL_QUESTION, onLeave: onClose })
  const set = <K extends keyof SlotForm>(key: K, value: SlotForm[K]) => form.update((f) => withField(f, key, value))

  // No Idempotency-Key: these PUTs set values (a repeat changes nothing more), and one save may
  // call updateTags twice with different bodies, which one key would refuse.
  const submit = async () => {
    for (const step of steps) {
      if (step.kind === 'update') await update.mutateAsync({ slotId: slot.id, scope, ...step.body })
      else await updateTags.mutateAsync({ slotId: slot.id, scope, ...step.body })
    }
    notify({ title: 'Slot updated ✅' })
    onClose()
  }

  const deleteSlot = async (deleteScope: SlotScope) => {
    const { deleted } = await remove.mutateAsync({ slotId: slot.id, scope: series ? deleteScope : 'one' })
    notify({ title: deleted === 1 ? 'Slot deleted ✅' : `${deleted} slots deleted ✅` })
    onClose()
  }

  return (
    <>
      <FormDialog
        form={form}
        title="Edit slot"
        label="Edit slot"
        onSubmit={submit}
        onError={(error) => notify(failureToast(`${MESSAGES.slotUpdateFailedTitle} ⚠️`, error))}
        canSubmit={canSave}
        startActions={
          <>
            <Button appearance="secondary" onClick={() => setDeleting(true)} disabled={!slot.canEdit || form.busy} data-testid="slot-delete">
              Delete
            </Button>
            {canWritePostFor(slot, user.id) ? (
              <Button
                appearance="secondary"
                disabled={form.busy}
                onClick={() => {
                  onClose()
                  void navigate(slotWritePath(slot.id))
                }}
                data-testid="slot-write-post"
              >
                Write post
              </Button>
            ) : null}
          </>
        }
        footer={
          series && blocked === null ? (
            <ScopeChoice label="Apply changes to" value={scope} onChange={setScope} testId="slot-scope" layout="horizontal" />
          ) : undefined
        }
        className={styles.surface}
        testIds={{ dialog: 'edit-slot-dialog', submit: 'slot-save', cancel: 'slot-cancel' }}
      >
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
          dateWindow={slotDateWindow(now, timeZone)}
          dateInvalid={blocked === null && effective.date !== initial.date && !isDateInSlotWindow(effective.date, now, timeZone)}
          timeZone={timeZone}
          readOnly={blocked !== null || form.busy}
        />
        <SeriesNote slot={slot} />
      </FormDialog>
      <DeleteSlotConfirm open={deleting} slot={slot} when={initial} onDelete={deleteSlot} onClose={() => setDeleting(false)} />
      {leaveGuard}
    </>
  )
}

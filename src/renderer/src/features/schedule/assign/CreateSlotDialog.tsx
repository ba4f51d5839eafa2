import { useState } from 'react'
import { MESSAGES } from '@shared/api/messages'
import type { User } from '@shared/domain'
import { isDateInSlotWindow, slotDateWindow } from '@shared/rules/slots'
import { isApiError } from '@renderer/api/client'
import { useCreateSlots } from '@renderer/api/slots'
import { FormDialog, useFormDialog, type Submission } from '@renderer/components/FormDialog'
import { useNotify } from '@renderer/lib/toasts'
import { SlotFields } from './SlotFields'
import { useSlotDialogStyles } from './slotDialogStyles'
import { assignsOnlySelf, canAssign, createSlotPayload, initialCreateForm, userTimeZone, withField, type AssignSlotPreset, type SlotForm } from './slotForm'
import { useLeaveGuard } from '@renderer/components/useLeaveGuard'
import { SLOT_CANCEL_QUESTION } from './useSlotLeaveGuard'
import { useSlotOptions } from './useSlotOptions'

/**
 * The Assign slot modal's create mode (spec §2, §4, §5, §8). Mounted per open, so every open
 * starts from the preset. A series is one request: a second click on Assign while it runs does
 * nothing, and the request carries the submission's Idempotency-Key, so a repeat the server
 * receives anyway is answered with the first series instead of a second one.
 */
export function CreateSlotDialog({ user, preset, onClose }: { user: User; preset?: AssignSlotPreset; onClose: () => void }) {
  const styles = useSlotDialogStyles()
  const notify = useNotify()
  const create = useCreateSlots()
  const timeZone = userTimeZone(user)
  const [now] = useState(() => new Date())
  const [initial] = useState<SlotForm>(() => initialCreateForm({ preset, now, timeZone, selfOnly: assignsOnlySelf(user) ? user.id : undefined }))
  const form = useFormDialog({
    initial,
    onClose,
    // Spec §4: Cancel and an outside click always ask, even before anything was typed.
    isDirty: () => true,
    // The answer closes the modal either way (spec §4), so closing waits for it.
    whileSaving: 'block',
    closeQuestion: SLOT_CANCEL_QUESTION
  })
  const options = useSlotOptions({ user, form: form.values, now, timeZone })
  const effective = options.effective
  const leaveGuard = useLeaveGuard({ active: true, question: SLOT_CANCEL_QUESTION, onLeave: onClose })
  const set = <K extends keyof SlotForm>(key: K, value: SlotForm[K]) => form.update((f) => withField(f, key, value))

  // The form as it stands against the options (members and tags that no longer fit dropped), not the raw values.
  const submit = async ({ idempotencyKey }: Submission<SlotForm>) => {
    const { slots } = await create.mutateAsync({ ...createSlotPayload(effective, new Date(), timeZone), idempotencyKey })
    notify({ title: slots.length === 1 ? 'Slot assigned ✅' : `${slots.length} slots assigned ✅` })
    onClose()
  }

  // Spec §4, §8: the modal closes on an error too; a 401 shows the server's message.
  const failed = (error: unknown) => {
    const body = isApiError(error, 401) ? error.message : MESSAGES.genericTryAgain
    notify({ title: `${MESSAGES.slotAssignFailedTitle} ⚠️`, body, intent: 'error' })
    onClose()
  }

  return (
    <>
      <FormDialog
        form={form}
        title="Assign slot"
        label="Assign slot"
        onSubmit={submit}
        onError={failed}
        canSubmit={canAssign(effective, now, timeZone)}
        submitLabel="Assign"
        className={styles.surface}
        testIds={{ dialog: 'assign-slot-dialog', submit: 'slot-assign', cancel: 'slot-cancel' }}
      >
        <SlotFields
          mode="create"
          form={effective}
          set={set}
          options={options}
          dateWindow={slotDateWindow(now, timeZone)}
          dateInvalid={!effective.auto && !isDateInSlotWindow(effective.date, now, timeZone)}
          timeZone={timeZone}
        />
      </FormDialog>
      {leaveGuard}
    </>
  )
}

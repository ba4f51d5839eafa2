import { useState, type FormEvent } from 'react'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components'
import { MESSAGES } from '@shared/api/messages'
import type { User } from '@shared/domain'
import { isDateInSlotWindow, slotDateWindow } from '@shared/rules/slots'
import { isApiError } from '@renderer/api/client'
import { useCreateSlots } from '@renderer/api/slots'
import { useNotify } from '@renderer/lib/toasts'
import { SlotFields } from './SlotFields'
import { useSlotDialogStyles } from './slotDialogStyles'
import { assignsOnlySelf, canAssign, createSlotPayload, initialCreateForm, userTimeZone, withField, type AssignSlotPreset, type SlotForm } from './slotForm'
import { useSlotCloseGuard } from './useSlotCloseGuard'
import { useSlotOptions } from './useSlotOptions'

/**
 * The Assign slot modal's create mode (spec §2, §4, §5, §8). Mounted per open, so every open
 * starts from the preset.
 */
export function CreateSlotDialog({ user, preset, onClose }: { user: User; preset?: AssignSlotPreset; onClose: () => void }) {
  const styles = useSlotDialogStyles()
  const notify = useNotify()
  const create = useCreateSlots()
  const timeZone = userTimeZone(user)
  const [now] = useState(() => new Date())
  const [form, setForm] = useState<SlotForm>(() =>
    initialCreateForm({ preset, now, timeZone, selfOnly: assignsOnlySelf(user) ? user.id : undefined })
  )
  const options = useSlotOptions({ user, form, now, timeZone })
  const effective = options.effective
  const dateWindow = slotDateWindow(now, timeZone)
  const pending = create.isPending
  const { requestClose, confirmation } = useSlotCloseGuard({ ask: true, pending, onClose })
  const set = <K extends keyof SlotForm>(key: K, value: SlotForm[K]) => setForm((f) => withField(f, key, value))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (pending || !canAssign(effective, now, timeZone)) return
    create.mutate(createSlotPayload(effective, new Date(), timeZone), {
      onSuccess: ({ slots }) => {
        notify({ title: slots.length === 1 ? 'Slot assigned ✅' : `${slots.length} slots assigned ✅` })
        onClose()
      },
      // Spec §4, §8: the modal closes on an error too; a 401 shows the server's message.
      onError: (error) => {
        const body = isApiError(error, 401) ? error.message : MESSAGES.genericTryAgain
        notify({ title: `${MESSAGES.slotAssignFailedTitle} ⚠️`, body, intent: 'error' })
        onClose()
      }
    })
  }

  return (
    <>
      <Dialog open onOpenChange={(_, data) => (data.open ? undefined : requestClose())}>
        <DialogSurface className={styles.surface} aria-describedby={undefined} data-testid="assign-slot-dialog">
          <form onSubmit={submit} noValidate>
            <DialogBody>
              <DialogTitle>Assign slot</DialogTitle>
              <DialogContent>
                <SlotFields
                  mode="create"
                  form={effective}
                  set={set}
                  options={options}
                  dateWindow={dateWindow}
                  dateInvalid={!effective.auto && !isDateInSlotWindow(effective.date, now, timeZone)}
                  timeZone={timeZone}
                />
              </DialogContent>
              <DialogActions>
                <Button appearance="secondary" onClick={requestClose} disabled={pending} data-testid="slot-cancel">
                  Cancel
                </Button>
                <Button
                  appearance="primary"
                  type="submit"
                  disabled={pending || !canAssign(effective, now, timeZone)}
                  icon={pending ? <Spinner size="tiny" /> : undefined}
                  data-testid="slot-assign"
                >
                  Assign
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
      {confirmation}
    </>
  )
}

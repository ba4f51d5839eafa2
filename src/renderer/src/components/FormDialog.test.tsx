// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Button, Dialog, DialogSurface, Field, Input } from '@fluentui/react-components'
import { ApiError } from '@renderer/api/client'
import { createFakeHost } from '@renderer/testing/fakeHost'
import { doubleClickBeforeRender, doubleEnterBeforeRender, heldReply } from '@renderer/testing/fastClicks'
import { renderInApp } from '@renderer/testing/render'
import { CONFIRM_TEXTS, ConfirmDialog } from './ConfirmDialog'
import { DeleteConfirm, FormDialog, useFormDialog, type FormDialogOptions, type SubmitHandler } from './FormDialog'
import { newIdempotencyKey } from './useFormDialog'

beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined))
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

interface Values {
  name: string
}

type HarnessProps = Partial<Pick<FormDialogOptions<Values>, 'busy' | 'whileSaving' | 'closeQuestion'>> & {
  onSubmit: SubmitHandler<Values>
  onClose?: () => void
  onError?: (error: unknown) => void
  canSubmit?: boolean
}

function Harness({ onSubmit, onClose = () => undefined, onError, canSubmit, ...options }: HarnessProps) {
  const form = useFormDialog<Values>({ initial: { name: '' }, onClose, ...options })
  const failure = onError ? { onError } : { failureTitle: 'Thing not saved ⚠️' as const }
  return (
    <FormDialog
      form={form}
      title="New thing"
      label="New thing"
      onSubmit={onSubmit}
      canSubmit={canSubmit}
      testIds={{ dialog: 'thing-dialog', submit: 'thing-save', cancel: 'thing-cancel' }}
      {...failure}
    >
      <Field label="Name" validationMessage={form.errors.name}>
        <Input value={form.values.name} onChange={(_, d) => form.set('name', d.value)} data-testid="thing-name" />
      </Field>
    </FormDialog>
  )
}

function open(props: HarnessProps) {
  const onClose = props.onClose ?? vi.fn()
  renderInApp(<Harness {...props} onClose={onClose} />, createFakeHost())
  return { onClose, events: userEvent.setup() }
}

const save = () => screen.getByTestId('thing-save') as HTMLButtonElement
const networkFailure = () => new ApiError({ status: 0, code: 'network_error', message: 'Cannot reach Pagecrew.', url: 'POST /api/thing' })
const answered = (status: number, fields?: Record<string, string>) =>
  new ApiError({ status, code: 'x', message: status < 500 ? 'Refused by the server.' : 'Boom', fields, url: 'POST /api/thing' })

describe('FormDialog: one submission at a time', () => {
  it('sends once for a double click on Save while the first is pending, and again after it answered', async () => {
    const held = heldReply(undefined)
    const onSubmit = vi.fn<SubmitHandler<Values>>(held.reply)
    open({ onSubmit })
    doubleClickBeforeRender(save())
    expect(onSubmit).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(save().disabled).toBe(true))
    await held.release()
    await waitFor(() => expect(save().disabled).toBe(false))
    doubleClickBeforeRender(save())
    expect(onSubmit).toHaveBeenCalledTimes(2)
  })

  it('sends once for Enter pressed twice in a field', async () => {
    const held = heldReply(undefined)
    const onSubmit = vi.fn<SubmitHandler<Values>>(held.reply)
    const { events } = open({ onSubmit })
    await events.type(screen.getByTestId('thing-name'), 'Alpha')
    doubleEnterBeforeRender(screen.getByTestId('thing-name'))
    expect(onSubmit).toHaveBeenCalledTimes(1)
    expect(onSubmit.mock.calls[0]?.[0].values).toEqual({ name: 'Alpha' })
    await held.release()
  })

  it('shows the spinner and disables Save while saving', async () => {
    const held = heldReply(undefined)
    open({ onSubmit: held.reply })
    await userEvent.setup().click(save())
    expect(save().disabled).toBe(true)
    expect(save().querySelector('.fui-Spinner')).not.toBeNull()
    await held.release()
    await waitFor(() => expect(save().querySelector('.fui-Spinner')).toBeNull())
  })

  it('does not submit while canSubmit is false or other work (a delete) is busy', async () => {
    const onSubmit = vi.fn()
    open({ onSubmit, canSubmit: false })
    expect(save().disabled).toBe(true)
    act(() => save().closest('form')!.requestSubmit())
    cleanup()
    open({ onSubmit, busy: true })
    expect(save().disabled).toBe(true)
    act(() => save().closest('form')!.requestSubmit())
    expect(onSubmit).not.toHaveBeenCalled()
  })
})

describe('FormDialog: closing (spec §4)', () => {
  it('asks "You have unsaved changes!" before closing a changed form', async () => {
    const { events, onClose } = open({ onSubmit: vi.fn() })
    await events.type(screen.getByTestId('thing-name'), 'A')
    await events.click(screen.getByTestId('thing-cancel'))
    expect((await screen.findByTestId('unsaved-changes-dialog')).textContent).toContain('You have unsaved changes!')
    expect(onClose).not.toHaveBeenCalled()
    await events.click(screen.getByTestId('unsaved-changes-dialog-cancel'))
    expect(onClose).not.toHaveBeenCalled()
    await events.click(screen.getByTestId('thing-name'))
    await events.keyboard('{Escape}')
    await events.click(await screen.findByTestId('unsaved-changes-dialog-confirm'))
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('closes a clean form at once, also when it was changed back', async () => {
    const { events, onClose } = open({ onSubmit: vi.fn() })
    await events.type(screen.getByTestId('thing-name'), 'A')
    await events.clear(screen.getByTestId('thing-name'))
    await events.click(screen.getByTestId('thing-cancel'))
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(screen.queryByTestId('unsaved-changes-dialog')).toBeNull()
  })

  it('closes a changed form without asking while its save is pending', async () => {
    const held = heldReply(undefined)
    const { events, onClose } = open({ onSubmit: held.reply })
    await events.type(screen.getByTestId('thing-name'), 'A')
    await events.click(save())
    await events.click(screen.getByTestId('thing-cancel'))
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(screen.queryByTestId('unsaved-changes-dialog')).toBeNull()
    await held.release()
  })

  it("with whileSaving 'block', waits for the save: Cancel is disabled and Escape does nothing", async () => {
    const held = heldReply(undefined)
    const { events, onClose } = open({ onSubmit: held.reply, whileSaving: 'block' })
    await events.type(screen.getByTestId('thing-name'), 'A')
    await events.click(save())
    expect((screen.getByTestId('thing-cancel') as HTMLButtonElement).disabled).toBe(true)
    await events.click(screen.getByTestId('thing-name'))
    await events.keyboard('{Escape}')
    expect(onClose).not.toHaveBeenCalled()
    expect(screen.queryByTestId('unsaved-changes-dialog')).toBeNull()
    await held.release()
  })

  it('asks a dialog’s own question, or none', async () => {
    const question = { texts: { title: 'Are you sure you want to cancel?', message: 'Lost.', confirmLabel: 'Yes', cancelLabel: 'No' }, 'data-testid': 'cancel-q' }
    const first = open({ onSubmit: vi.fn(), closeQuestion: question })
    await first.events.type(screen.getByTestId('thing-name'), 'A')
    await first.events.click(screen.getByTestId('thing-cancel'))
    expect((await screen.findByTestId('cancel-q')).textContent).toContain('Are you sure you want to cancel?')
    cleanup()
    const second = open({ onSubmit: vi.fn(), closeQuestion: null })
    await second.events.type(screen.getByTestId('thing-name'), 'A')
    await second.events.click(screen.getByTestId('thing-cancel'))
    expect(second.onClose).toHaveBeenCalledTimes(1)
  })
})

describe('FormDialog: embedded, footer and a step’s own cancel', () => {
  function Step({ onSubmit, onBack }: { onSubmit: SubmitHandler<Values>; onBack: () => void }) {
    const form = useFormDialog<Values>({ initial: { name: '' }, onClose: () => undefined, whileSaving: 'block', closeQuestion: null })
    return (
      <Dialog open>
        <DialogSurface data-testid="host-surface">
          <FormDialog
            form={form}
            embedded
            title="Step"
            titleAction={<Button aria-label="Close" data-testid="step-close" />}
            label="Step"
            onSubmit={onSubmit}
            failureTitle="Thing not saved ⚠️"
            cancel={{ label: 'Back', onClick: onBack }}
            footer={<span data-testid="step-footer">Apply to all</span>}
            testIds={{ form: 'step-form', submit: 'thing-save', cancel: 'step-back' }}
          >
            <Input value={form.values.name} onChange={(_, d) => form.set('name', d.value)} data-testid="thing-name" />
          </FormDialog>
        </DialogSurface>
      </Dialog>
    )
  }

  it('renders only the form inside the caller’s surface, with the title action, the footer beside the buttons and the step’s own Back', async () => {
    const held = heldReply(undefined)
    const onSubmit = vi.fn<SubmitHandler<Values>>(held.reply)
    const onBack = vi.fn()
    renderInApp(<Step onSubmit={onSubmit} onBack={onBack} />, createFakeHost())
    const surface = await screen.findByTestId('host-surface')
    expect(surface.querySelectorAll('.fui-DialogSurface')).toHaveLength(0)
    expect(surface.querySelector('form')).toBe(screen.getByTestId('step-form'))
    expect(screen.getByTestId('step-close').closest('.fui-DialogTitle__action')).toBeTruthy()
    // The footer stays with the buttons, outside the fields that scroll.
    expect(surface.querySelector('.fui-DialogContent')?.contains(screen.getByTestId('step-footer'))).toBe(false)
    expect(screen.getByTestId('step-footer').closest('.fui-DialogActions')).toBe(save().closest('.fui-DialogActions'))
    const back = screen.getByTestId('step-back') as HTMLButtonElement
    expect(back.textContent).toBe('Back')
    await userEvent.setup().click(back)
    expect(onBack).toHaveBeenCalledTimes(1)
    doubleClickBeforeRender(save())
    expect(onSubmit).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(back.disabled).toBe(true))
    await held.release()
    await waitFor(() => expect(back.disabled).toBe(false))
  })
})

describe('FormDialog: errors', () => {
  it('shows the server’s field messages beside their fields, and clears them when the next submission starts', async () => {
    const held = heldReply(undefined)
    const onSubmit = vi.fn().mockRejectedValueOnce(answered(400, { name: 'Enter a name.' })).mockImplementationOnce(held.reply)
    const { events } = open({ onSubmit })
    await events.click(save())
    expect(await screen.findByText('Enter a name.')).toBeTruthy()
    expect(screen.queryByTestId('toast')).toBeNull()
    await events.click(save())
    expect(screen.queryByText('Enter a name.')).toBeNull()
    await held.release()
  })

  it('shows a local check’s field messages set by the handler', async () => {
    const Local = () => {
      const form = useFormDialog<Values>({ initial: { name: '' }, onClose: () => undefined })
      return (
        <FormDialog
          form={form}
          title="T"
          label="T"
          failureTitle="Thing not saved ⚠️"
          testIds={{ submit: 'thing-save' }}
          onSubmit={({ values }) => {
            if (values.name === '') form.setErrors({ name: 'Required.' })
          }}
        >
          <Field label="Name" validationMessage={form.errors.name}>
            <Input value={form.values.name} onChange={(_, d) => form.set('name', d.value)} />
          </Field>
        </FormDialog>
      )
    }
    renderInApp(<Local />, createFakeHost())
    await userEvent.setup().click(save())
    expect(await screen.findByText('Required.')).toBeTruthy()
  })

  it('toasts a refusal that is not about a field with its title and the server’s text, and the generic text for a 5xx', async () => {
    const onSubmit = vi.fn().mockRejectedValueOnce(answered(409)).mockRejectedValueOnce(answered(503))
    const { events } = open({ onSubmit })
    await events.click(save())
    const toast = await screen.findByTestId('toast')
    expect(toast.textContent).toContain('Thing not saved ⚠️')
    expect(toast.textContent).toContain('Refused by the server.')
    await waitFor(() => expect(save().disabled).toBe(false))
    await events.click(save())
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Something went wrong. Please try again later.'))
  })

  it('hands the failure to the dialog’s own handler instead', async () => {
    const onError = vi.fn()
    const failure = answered(409)
    open({ onSubmit: vi.fn().mockRejectedValue(failure), onError })
    await userEvent.setup().click(save())
    await waitFor(() => expect(onError).toHaveBeenCalledWith(failure))
    expect(screen.queryByTestId('toast')).toBeNull()
  })
})

describe('FormDialog: idempotency keys', () => {
  const keysOf = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls.map((call) => (call[0] as { idempotencyKey: string }).idempotencyKey)
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

  async function submitAndSettle(events: ReturnType<typeof userEvent.setup>, calls: number, fn: ReturnType<typeof vi.fn>) {
    await events.click(save())
    await waitFor(() => expect(fn).toHaveBeenCalledTimes(calls))
    await waitFor(() => expect(save().disabled).toBe(false))
  }

  it('gives each submission a new key', async () => {
    const onSubmit = vi.fn()
    const { events } = open({ onSubmit })
    await submitAndSettle(events, 1, onSubmit)
    await submitAndSettle(events, 2, onSubmit)
    const [first, second] = keysOf(onSubmit)
    expect(first).toMatch(uuid)
    expect(second).toMatch(uuid)
    expect(second).not.toBe(first)
  })

  it('reuses the key to retry a submission that got no answer, until a value changes', async () => {
    const onSubmit = vi.fn().mockRejectedValueOnce(networkFailure()).mockRejectedValueOnce(networkFailure()).mockResolvedValue(undefined)
    const { events } = open({ onSubmit })
    await submitAndSettle(events, 1, onSubmit)
    await submitAndSettle(events, 2, onSubmit)
    await events.type(screen.getByTestId('thing-name'), 'B')
    await submitAndSettle(events, 3, onSubmit)
    const [first, retry, changed] = keysOf(onSubmit)
    expect(retry).toBe(first)
    expect(changed).not.toBe(first)
  })

  it('takes a new key after any answer: a refusal or a server error', async () => {
    const onSubmit = vi.fn().mockRejectedValueOnce(answered(400)).mockRejectedValueOnce(answered(500)).mockResolvedValue(undefined)
    const { events } = open({ onSubmit })
    await submitAndSettle(events, 1, onSubmit)
    await submitAndSettle(events, 2, onSubmit)
    await submitAndSettle(events, 3, onSubmit)
    expect(new Set(keysOf(onSubmit)).size).toBe(3)
  })

  it('draws a version 4 UUID from getRandomValues where randomUUID is missing (an insecure context)', () => {
    const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID')
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true })
    try {
      const a = newIdempotencyKey()
      expect(a).toMatch(uuid)
      expect(newIdempotencyKey()).not.toBe(a)
    } finally {
      if (own) Object.defineProperty(crypto, 'randomUUID', own)
      else delete (crypto as { randomUUID?: unknown }).randomUUID
    }
    expect(typeof crypto.randomUUID).toBe('function')
  })
})

describe('DeleteConfirm', () => {
  function Deleting({ onDelete, onError, onClose }: { onDelete: () => Promise<void>; onError: (e: unknown) => void; onClose: () => void }) {
    return <DeleteConfirm open {...CONFIRM_TEXTS.deleteTeam('Writers')} onDelete={onDelete} onError={onError} onClose={onClose} data-testid="delete-team-dialog" />
  }

  it('deletes once for a double click on Delete, then closes', async () => {
    const held = heldReply(undefined)
    const onDelete = vi.fn(held.reply)
    const onClose = vi.fn()
    renderInApp(<Deleting onDelete={onDelete} onError={vi.fn()} onClose={onClose} />, createFakeHost())
    const confirm = await screen.findByTestId('delete-team-dialog-confirm')
    expect(confirm.textContent).toBe('Delete team')
    doubleClickBeforeRender(confirm)
    expect(onDelete).toHaveBeenCalledTimes(1)
    await waitFor(() => expect((screen.getByTestId('delete-team-dialog-cancel') as HTMLButtonElement).disabled).toBe(true))
    await held.release()
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
  })

  it('closes and hands a failed delete to onError', async () => {
    const failure = answered(409)
    const onError = vi.fn()
    const onClose = vi.fn()
    renderInApp(<Deleting onDelete={() => Promise.reject(failure)} onError={onError} onClose={onClose} />, createFakeHost())
    await userEvent.setup().click(await screen.findByTestId('delete-team-dialog-confirm'))
    await waitFor(() => expect(onError).toHaveBeenCalledWith(failure))
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})

describe('ConfirmDialog: one answer however fast it is given', () => {
  const question = { title: 'Disconnect LinkedIn?', confirmLabel: 'Disconnect', 'data-testid': 'probe-confirm' }

  it('runs an answer that returns nothing once per opening, even when the dialog stays open', async () => {
    const onConfirm = vi.fn()
    renderInApp(<ConfirmDialog open destructive {...question} onConfirm={onConfirm} onCancel={vi.fn()} />, createFakeHost())
    const confirm = await screen.findByTestId('probe-confirm-confirm')
    doubleClickBeforeRender(confirm)
    await act(async () => undefined)
    await userEvent.setup().click(confirm)
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })

  it('waits on an answer that returns a promise, and takes a new answer once it has settled', async () => {
    const held = heldReply(undefined)
    const onConfirm = vi.fn(held.reply)
    renderInApp(<ConfirmDialog open destructive {...question} onConfirm={onConfirm} onCancel={vi.fn()} />, createFakeHost())
    const confirm = await screen.findByTestId('probe-confirm-confirm')
    doubleClickBeforeRender(confirm)
    expect(onConfirm).toHaveBeenCalledTimes(1)
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(true))
    expect((screen.getByTestId('probe-confirm-cancel') as HTMLButtonElement).disabled).toBe(true)
    await held.release()
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false))
    // A failed answer that leaves the question open may be tried again.
    onConfirm.mockImplementation(() => Promise.reject(new Error('refused')))
    await userEvent.setup().click(confirm)
    expect(onConfirm).toHaveBeenCalledTimes(2)
  })
})

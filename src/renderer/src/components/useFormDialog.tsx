import { useCallback, useRef, useState, type ReactNode } from 'react'
import { isApiError } from '@renderer/api/client'
import type { FieldErrors } from '@renderer/lib/formErrors'
import { useSingleFlight } from './useSingleFlight'
import { useUnsavedChangesGuard, type CloseQuestion } from './useUnsavedChangesGuard'

/** What a submit handler is given: the values to save and this submission's idempotency key. */
export interface Submission<V> {
  values: V
  /**
   * Send it as the request's Idempotency-Key header (`idempotencyKey` of callApi and
   * callMultipartApi; DESIGN.md §7) so the server can answer a repeated create with its first
   * answer. See `useFormDialog` for when a key is new.
   */
  idempotencyKey: string
}

/**
 * Saves the form. It does its own success work (toast, close); a rejection is the failure and goes
 * to the dialog's error handler. Returning without a request (a local check refused the values)
 * is fine.
 */
export type SubmitHandler<V> = (submission: Submission<V>) => Promise<void> | void

export interface FormDialogOptions<V> {
  /** The saved values the form starts from; the form is dirty while it differs from them. */
  initial: V
  /** Closes the dialog (the parent unmounts it). */
  onClose: () => void
  /** Default: the values differ from `initial` as JSON. */
  isDirty?: (values: V, initial: V) => boolean
  /** Other work of the dialog in flight (a delete): Save waits and closing is not guarded. */
  busy?: boolean
  /** Work that belongs to the save though it runs after the handler (a reload): Save keeps its spinner. */
  saving?: boolean
  /** Spec §4: closing during a pending save or delete is not guarded ('close', the default); 'block' waits for it. */
  whileSaving?: 'close' | 'block'
  /** The question before a changed form is closed; default 'You have unsaved changes!'; null asks nothing. */
  closeQuestion?: CloseQuestion | null
}

export interface FormDialogState<V> {
  values: V
  set: <K extends keyof V>(key: K, value: V[K]) => void
  update: (change: (values: V) => V) => void
  dirty: boolean
  /** Messages shown beside their fields; cleared when a submission starts. */
  errors: FieldErrors
  setErrors: (errors: FieldErrors) => void
  /** A submission is running (or `saving`): Save shows its spinner. */
  submitting: boolean
  /** Submitting or `busy`: Save is disabled. */
  busy: boolean
  /** Closing is refused now (`whileSaving: 'block'` while busy): Cancel is disabled. */
  closeBlocked: boolean
  /**
   * Runs one submission unless one is already running; `onError` gets the handler's rejection.
   * FormDialog calls it from the form's submit event; dialogs rarely need it themselves.
   */
  submit: (handler: SubmitHandler<V>, onError: (error: unknown) => void) => Promise<void>
  /** Cancel, Escape, an outside click: closes under the rules of spec §4. */
  requestClose: () => void
  /** The close question's dialog; FormDialog renders it. */
  closeGuard: ReactNode
}

/**
 * A key for one submission. randomUUID needs a secure context; a web host served over plain
 * http on a LAN address is not one, so the same 122 random bits are drawn from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** No answer came back (status 0: the network failed or timed out), so the request may have been done. */
function unanswered(error: unknown): boolean {
  return isApiError(error, 0)
}

const differsAsJson = <V,>(values: V, initial: V) => JSON.stringify(values) !== JSON.stringify(initial)

/**
 * The state of a FormDialog: values, dirty tracking, field errors and the submission.
 *
 * One submission at a time: a second click or Enter while one runs does nothing. The check is a
 * ref set before the handler's first await, not only the disabled Save button, because React may
 * not render between two fast clicks.
 *
 * Idempotency keys: every submission gets a new key, except a retry of a submission that got no
 * answer at all (a network failure: the request may have reached the server) with no value
 * changed since; that retry reuses the key, so a create that did happen is answered, not repeated.
 * Any answer (success, refusal, server error), a change of any value, or an error thrown before a
 * request went out ends the submission and the next one gets a new key. This expects the server to
 * keep answers it completed, not 5xx failures, under a key (DESIGN.md §7).
 */
export function useFormDialog<V>(options: FormDialogOptions<V>): FormDialogState<V> {
  const { initial, onClose, isDirty = differsAsJson, busy: otherWork = false, saving = false, whileSaving = 'close', closeQuestion } = options
  const [values, setValues] = useState<V>(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const { running, run } = useSingleFlight()
  /** Bumped by every change of a value: a retry only reuses a key while it is unchanged. */
  const version = useRef(0)
  const retryable = useRef<{ key: string; version: number } | null>(null)

  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    version.current += 1
    setValues((v) => ({ ...v, [key]: value }))
  }, [])
  const update = useCallback((change: (values: V) => V) => {
    version.current += 1
    setValues(change)
  }, [])

  const submitting = running || saving
  const busy = submitting || otherWork
  const dirty = isDirty(values, initial)
  const { requestClose, guard } = useUnsavedChangesGuard({ dirty, pending: busy, onClose, whilePending: whileSaving, question: closeQuestion })

  const submit = async (handler: SubmitHandler<V>, onError: (error: unknown) => void) => {
    if (saving || otherWork) return
    // A second submit event in the same frame finds the first one running and does nothing.
    await run(async () => {
      const startVersion = version.current
      const retry = retryable.current?.version === startVersion ? retryable.current : null
      const idempotencyKey = retry?.key ?? newIdempotencyKey()
      retryable.current = null
      setErrors({})
      try {
        await handler({ values, idempotencyKey })
      } catch (error) {
        if (unanswered(error)) retryable.current = { key: idempotencyKey, version: startVersion }
        onError(error)
      }
    })
  }

  return {
    values,
    set,
    update,
    dirty,
    errors,
    setErrors,
    submitting,
    busy,
    closeBlocked: busy && whileSaving === 'block',
    submit,
    requestClose,
    closeGuard: guard
  }
}

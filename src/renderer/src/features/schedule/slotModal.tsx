import { Suspense, lazy } from 'react'
import { ReturnFocusOnClose } from '@renderer/components/useReturnFocus'
import type { AssignSlotModalProps } from './AssignSlotModal'

export type { AssignSlotPreset } from './AssignSlotModal'
export type SlotModalProps = AssignSlotModalProps

/**
 * The Plan screen's one seam to the assign-slot modal. The modal (its form, pickers and tag
 * queries) is its own chunk, so the calendar draws without waiting for it; the screen preloads it
 * once it is up, so the first click does not wait either. The screen's tests mock this module.
 */
const loadModal = () => import('./AssignSlotModal')
const AssignSlotModal = lazy(async () => ({ default: (await loadModal()).AssignSlotModal }))

export function preloadSlotModal(): void {
  loadModal().catch((error: unknown) => console.error('The assign-slot modal did not load.', error))
}

export function ScheduleSlotModal(props: SlotModalProps) {
  return (
    <>
      {/* The modal loads (Suspense) and mounts as it opens: focus goes back to its opener by hand. */}
      {props.open ? <ReturnFocusOnClose /> : null}
      <Suspense fallback={null}>
        <AssignSlotModal {...props} />
      </Suspense>
    </>
  )
}

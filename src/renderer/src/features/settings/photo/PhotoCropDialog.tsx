import { useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { Field, Slider, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { isApiError } from '@renderer/api/client'
import { useUploadUserPhoto } from '@renderer/api/user'
import { FormDialog, useFormDialog, type Submission } from '@renderer/components/FormDialog'
import { failureToast } from '@renderer/lib/failureToast'
import { useNotify } from '@renderer/lib/toasts'
import { imageBox, initialCrop, keyPan, MAX_ZOOM, MIN_ZOOM, panCrop, zoomCrop, type Crop } from './photoCrop'
import { encodeCroppedPhoto, PhotoProblem, type ChosenPhoto } from './photoImage'

const useStyles = makeStyles({
  surface: { maxWidth: '420px', width: '100%' },
  frame: {
    position: 'relative',
    width: 'min(280px, 100%)',
    aspectRatio: '1',
    alignSelf: 'center',
    overflow: 'hidden',
    cursor: 'grab',
    touchAction: 'none',
    userSelect: 'none',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' }
  },
  dragging: { cursor: 'grabbing' },
  image: { position: 'absolute', maxWidth: 'none', pointerEvents: 'none' },
  // The circle the avatars show; outside it the photo is dimmed (it is still saved square).
  mask: { position: 'absolute', inset: 0, borderRadius: '50%', boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.5)', pointerEvents: 'none' },
  hint: { color: tokens.colorNeutralForeground3 }
})

interface PhotoCropDialogProps {
  photo: ChosenPhoto
  onClose: () => void
}

/** Crops a chosen photo to a square (zoom, drag or arrow keys), then uploads it at 512 × 512. Mounted per chosen file. */
export function PhotoCropDialog({ photo, onClose }: PhotoCropDialogProps) {
  const styles = useStyles()
  const notify = useNotify()
  const upload = useUploadUserPhoto()
  const initial = useMemo(() => initialCrop(photo.size), [photo.size])
  const form = useFormDialog<Crop>({ initial, onClose, whileSaving: 'block' })
  const frame = useRef<HTMLDivElement>(null)
  const drag = useRef<{ pointerId: number; x: number; y: number } | null>(null)
  const [dragging, setDragging] = useState(false)
  const hintId = useId()
  const box = imageBox(photo.size, form.values)

  const pan = (dx: number, dy: number) => {
    const side = frame.current?.clientWidth ?? 0
    form.update((crop) => panCrop(photo.size, crop, dx, dy, side))
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || form.busy) return
    event.currentTarget.setPointerCapture(event.pointerId)
    event.currentTarget.focus()
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY }
    setDragging(true)
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current
    if (!start || start.pointerId !== event.pointerId) return
    drag.current = { ...start, x: event.clientX, y: event.clientY }
    pan(event.clientX - start.x, event.clientY - start.y)
  }
  const endDrag = () => {
    drag.current = null
    setDragging(false)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = keyPan(event.key, event.shiftKey)
    if (!move || form.busy) return
    event.preventDefault()
    pan(move.dx, move.dy)
  }

  const submit = async ({ values }: Submission<Crop>) => {
    const file = await encodeCroppedPhoto(photo, values)
    await upload.mutateAsync(file)
    notify({ title: 'Photo saved ✅', body: 'Your new photo shows across Pagecrew.' })
    onClose()
  }

  // What is wrong with the file is said as the other file refusals are (spec §8: alerts); the dialog stays, with the crop.
  const showFailure = (error: unknown) => {
    if (error instanceof PhotoProblem) window.alert(error.message)
    else if (isApiError(error) && (error.status === 400 || error.status === 413)) window.alert(error.message)
    else notify(failureToast('Photo not saved ⚠️', error))
  }

  return (
    <FormDialog
      form={form}
      title="Crop your photo"
      label="Crop your photo"
      submitLabel="Save photo"
      onSubmit={submit}
      onError={showFailure}
      className={styles.surface}
      testIds={{ dialog: 'photo-crop-dialog', submit: 'photo-crop-save', cancel: 'photo-crop-cancel' }}
    >
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a pan widget ARIA has no interactive role for (drag, or the arrow keys); 'application' hands it the arrow keys */}
      <div
        ref={frame}
        className={mergeClasses(styles.frame, dragging && styles.dragging)}
        // Not 'group': a screen reader in browse mode keeps the arrow keys; in an 'application' they reach onKeyDown.
        role="application"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the pan widget above: Tab reaches it for its arrow keys
        tabIndex={0}
        aria-label="Photo position"
        aria-describedby={hintId}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
        data-testid="photo-crop-frame"
      >
        <img
          src={photo.url}
          alt=""
          draggable={false}
          className={styles.image}
          style={{ left: `${box.left}%`, top: `${box.top}%`, width: `${box.width}%`, height: `${box.height}%` }}
          data-testid="photo-crop-image"
        />
        <div className={styles.mask} />
      </div>
      <Text id={hintId} size={200} className={styles.hint}>
        Drag the photo, or use the arrow keys, to choose what shows in the circle.
      </Text>
      <Field label="Zoom">
        <Slider
          min={MIN_ZOOM * 100}
          max={MAX_ZOOM * 100}
          step={1}
          value={Math.round(form.values.zoom * 100)}
          onChange={(_, data) => form.update((crop) => zoomCrop(photo.size, crop, data.value / 100))}
          disabled={form.busy}
          aria-valuetext={`${Math.round(form.values.zoom * 100)}%`}
          data-testid="photo-crop-zoom"
        />
      </Field>
    </FormDialog>
  )
}

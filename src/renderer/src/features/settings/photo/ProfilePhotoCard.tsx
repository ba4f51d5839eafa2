import { useEffect, useRef, useState, type DragEvent } from 'react'
import { Button, Card, Spinner, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { ArrowUpload20Regular, Delete20Regular } from '@fluentui/react-icons'
import { MESSAGES } from '@shared/api/messages'
import { PHOTO_TYPES } from '@shared/constants'
import type { User } from '@shared/domain'
import { useRemoveUserPhoto } from '@renderer/api/user'
import { DeleteConfirm } from '@renderer/components/FormDialog'
import { PersonAvatar } from '@renderer/components/PersonAvatar'
import { useSingleFlight } from '@renderer/components/useSingleFlight'
import { failureToast } from '@renderer/lib/failureToast'
import { useNotify } from '@renderer/lib/toasts'
import { PhotoCropDialog } from './PhotoCropDialog'
import { decodePhoto, photoFileProblem, PhotoProblem, PHOTO_SOURCE_MAX_BYTES, type ChosenPhoto } from './photoImage'

const useStyles = makeStyles({
  card: { maxWidth: '560px', padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXL, flexWrap: 'wrap' },
  drop: { borderRadius: '50%', outline: `${tokens.strokeWidthThick} dashed transparent`, outlineOffset: '4px' },
  dropping: { outlineColor: tokens.colorBrandStroke1 },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0, flex: '1 1 200px' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  hint: { color: tokens.colorNeutralForeground3 },
  input: { display: 'none' }
})

const MEGABYTES = PHOTO_SOURCE_MAX_BYTES / (1024 * 1024)

/** Settings → Profile's photo (User.image): upload through the crop dialog, or remove it (spec §3). */
export function ProfilePhotoCard({ user }: { user: User }) {
  const styles = useStyles()
  const notify = useNotify()
  const remove = useRemoveUserPhoto()
  const input = useRef<HTMLInputElement>(null)
  const [chosen, setChosen] = useState<ChosenPhoto | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [dropping, setDropping] = useState(false)
  // Decoding a large file takes a moment: a second file chosen meanwhile waits its turn, not a second dialog.
  const { running: reading, run } = useSingleFlight()
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen])

  const choose = (file: File | undefined) => {
    // Cleared so that choosing the same file again still fires a change.
    if (input.current) input.current.value = ''
    if (!file) return
    // Refusals are alerts, as for every file (spec §8); nothing changes.
    const problem = photoFileProblem(file)
    if (problem) {
      window.alert(problem)
      return
    }
    void run(async () => {
      try {
        setChosen(await decodePhoto(file))
      } catch (error) {
        window.alert(error instanceof PhotoProblem ? error.message : MESSAGES.photoUnreadable)
      }
    })
  }

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setDropping(true)
  }
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDropping(false)
    choose(event.dataTransfer.files[0])
  }

  return (
    <Card className={styles.card} data-testid="profile-photo">
      <h2 className={styles.heading}>Photo</h2>
      <div className={styles.row}>
        <div
          className={mergeClasses(styles.drop, dropping && styles.dropping)}
          onDragOver={onDragOver}
          onDragLeave={() => setDropping(false)}
          onDrop={onDrop}
          data-testid="profile-photo-drop"
        >
          <PersonAvatar name={user.fullName} image={user.image ? { src: user.image } : undefined} size={96} color="colorful" data-testid="profile-photo-avatar" />
        </div>
        <div className={styles.side}>
          <div className={styles.buttons}>
            <Button
              icon={reading ? <Spinner size="tiny" /> : <ArrowUpload20Regular />}
              disabled={reading}
              onClick={() => input.current?.click()}
              data-testid="profile-photo-upload"
            >
              Upload photo
            </Button>
            {user.image ? (
              <Button appearance="subtle" icon={<Delete20Regular />} onClick={() => setConfirming(true)} data-testid="profile-photo-remove">
                Remove photo
              </Button>
            ) : null}
          </div>
          <Text size={200} className={styles.hint}>
            PNG, JPEG or WebP up to {MEGABYTES} MB: you choose the square to keep. You can also drop an image on your picture.
          </Text>
        </div>
      </div>
      <input
        ref={input}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        className={styles.input}
        tabIndex={-1}
        aria-hidden
        onChange={(event) => choose(event.target.files?.[0])}
        data-testid="profile-photo-input"
      />
      {chosen ? <PhotoCropDialog key={chosen.url} photo={chosen} onClose={() => setChosen(null)} /> : null}
      <DeleteConfirm
        open={confirming}
        title="Remove photo"
        message="Your initials will show instead of your photo, everywhere in Pagecrew."
        confirmLabel="Remove photo"
        onDelete={async () => {
          await remove.mutateAsync()
          notify({ title: 'Photo removed ✅', body: 'Your initials show instead.' })
        }}
        onError={(error) => notify(failureToast('Photo not removed ⚠️', error))}
        onClose={() => setConfirming(false)}
        data-testid="profile-photo-remove-confirm"
      />
    </Card>
  )
}

import { useEffect, useRef, useState } from 'react'
import { MESSAGES, fileTooBigMessage } from '@shared/api/messages'
import type { MediaKind, PostMedia } from '@shared/domain/entities'
import { GENERIC_ERROR_MESSAGE, isApiError } from '@renderer/api/client'
import { UploadRefused, canRetryUpload, isUploadCancelled, mediaKindOfFile, useUploadMedia } from '@renderer/api/media'
import { isTooBig } from '@renderer/lib/files'

const TOO_MANY: Record<MediaKind, string> = { image: MESSAGES.tooManyImages, video: MESSAGES.oneVideo, document: MESSAGES.oneDocument }

export interface Upload {
  key: number
  file: File
  sent: number
  total: number
  /** null while sending; the message to show once it failed. */
  failure: string | null
  /** Once failed: whether sending it again can succeed (offered Retry), or only Remove is left. */
  retryable: boolean
  controller: AbortController
}

let uploadKeys = 0

/** Refusals are alerts (spec §8); the file is dropped before anything is sent. */
function refusalOf(file: File, kind: MediaKind): string | null {
  if (isTooBig(file)) return fileTooBigMessage(file.name)
  const fileKind = mediaKindOfFile(file)
  if (fileKind === null) return MESSAGES.mediaTypeUnsupported
  if (fileKind !== kind) return MESSAGES.mediaWrongKind
  return null
}

function failureMessage(error: unknown): string {
  return isApiError(error) && error.isClientError ? error.message : GENERIC_ERROR_MESSAGE
}

interface MediaUploadsOptions {
  kind: MediaKind
  media: PostMedia[]
  onChange: (media: PostMedia[]) => void
  max: number
  disabled: boolean
  onBusyChange?: (busy: boolean) => void
}

/**
 * MediaUploader's uploads: the files being sent (each with its progress and AbortController) or
 * failed, how many more fit, and the post's media list as the last finished upload left it.
 */
export function useMediaUploads({ kind, media, onChange, max, disabled, onBusyChange }: MediaUploadsOptions) {
  const uploadMedia = useUploadMedia()
  const [uploads, setUploads] = useState<Upload[]>([])
  const [notice, setNotice] = useState<string | null>(null)

  // Uploads finish one after another between renders: each adds to the list the previous one left.
  const latest = useRef({ media, onChange, onBusyChange, uploads })
  useEffect(() => {
    latest.current = { media, onChange, onBusyChange, uploads }
  })
  const change = (next: PostMedia[]) => {
    latest.current.media = next
    latest.current.onChange(next)
  }

  const busy = uploads.some((u) => u.failure === null)
  useEffect(() => {
    latest.current.onBusyChange?.(busy)
  }, [busy])
  useEffect(
    () => () => {
      const { uploads: running, onBusyChange } = latest.current
      running.forEach((u) => u.controller.abort())
      if (running.some((u) => u.failure === null)) onBusyChange?.(false)
    },
    []
  )

  const patch = (key: number, changes: Partial<Upload>) => setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...changes } : u)))
  const drop = (key: number) => setUploads((all) => all.filter((u) => u.key !== key))

  const send = (file: File, key: number) => {
    const controller = new AbortController()
    const upload: Upload = { key, file, sent: 0, total: file.size, failure: null, retryable: false, controller }
    setUploads((all) => (all.some((u) => u.key === key) ? all.map((u) => (u.key === key ? upload : u)) : [...all, upload]))
    uploadMedia(file, { signal: controller.signal, onProgress: (sent, total) => patch(key, { sent, total }) }).then(
      (done) => {
        drop(key)
        change([...latest.current.media, done])
      },
      (error: unknown) => {
        if (isUploadCancelled(error) || error instanceof UploadRefused) drop(key)
        else patch(key, { failure: failureMessage(error), retryable: canRetryUpload(error) })
      }
    )
  }

  const ofKind = media.filter((m) => m.kind === kind).length
  const room = max - ofKind - uploads.length
  const full = room <= 0

  const choose = (files: File[]) => {
    if (disabled || files.length === 0) return
    setNotice(null)
    const accepted: File[] = []
    for (const file of files) {
      const refusal = refusalOf(file, kind)
      if (refusal) window.alert(refusal)
      else accepted.push(file)
    }
    if (accepted.length > Math.max(room, 0)) setNotice(TOO_MANY[kind])
    accepted.slice(0, Math.max(room, 0)).forEach((file) => send(file, (uploadKeys += 1)))
  }

  /** An image's saved alt text goes into the list as the last upload left it. */
  const saved = (item: PostMedia) => change(latest.current.media.map((m) => (m.id === item.id ? item : m)))

  return { uploads, notice, ofKind, full, choose, send, drop, change, saved }
}

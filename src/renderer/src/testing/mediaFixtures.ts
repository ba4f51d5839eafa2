import type { PostMedia } from '@shared/domain/entities'

let next = 0

/** A finished upload as the server answers it; ids are UUID-shaped like the server's. */
export function aMedia(overrides: Partial<PostMedia> = {}): PostMedia {
  next += 1
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`
  const kind = overrides.kind ?? 'image'
  return {
    id,
    kind,
    fileName: `photo-${next}.png`,
    contentType: kind === 'image' ? 'image/png' : kind === 'video' ? 'video/mp4' : 'application/pdf',
    size: 1024,
    width: kind === 'image' ? 1200 : null,
    height: kind === 'image' ? 800 : null,
    altText: '',
    url: `/api/posts/media/${id}/file`,
    thumbnailUrl: kind === 'image' ? `/api/posts/media/${id}/thumbnail` : null,
    ...overrides
  }
}

/** A file of `size` bytes whose content is its own offsets (so each chunk's bytes can be checked). */
export function aFile(name: string, size: number, type = 'image/png'): File {
  const bytes = new Uint8Array(size)
  for (let i = 0; i < size; i += 1) bytes[i] = i % 251
  return new File([bytes], name, { type })
}

/** A file that claims `size` bytes without holding them (the 200 MB refusal needs no real 200 MB). */
export function aHugeFile(name: string, size: number, type = 'video/mp4'): File {
  const file = new File([new Uint8Array(1)], name, { type })
  Object.defineProperty(file, 'size', { value: size })
  return file
}

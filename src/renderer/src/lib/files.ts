import { MAX_UPLOAD_BYTES } from '@shared/constants'
import type { UploadFile } from '@renderer/api/client'

const FILE_NAME_DISPLAY_LENGTH = 25

/** File names show at most 25 characters, then an ellipsis (spec §5). */
export function truncateFileName(name: string): string {
  const characters = Array.from(name)
  return characters.length > FILE_NAME_DISPLAY_LENGTH ? `${characters.slice(0, FILE_NAME_DISPLAY_LENGTH).join('')}…` : name
}

/** Files over 209715200 bytes (200 MB) are refused (spec §5, §9). */
export function isTooBig(file: Pick<File, 'size'>): boolean {
  return file.size > MAX_UPLOAD_BYTES
}

export function isImageFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/')
}

/** The bytes of a chosen file, ready for a multipart request through either host. */
export async function toUploadFile(file: File): Promise<UploadFile> {
  return { fileName: file.name, contentType: file.type || 'application/octet-stream', data: new Uint8Array(await file.arrayBuffer()) }
}

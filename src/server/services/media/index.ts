import type { Readable } from 'node:stream'
import type { PostMedia } from '../../../shared/domain/entities'
import type { MediaStorage } from '../../adapters/storage/storage'
import type { JobKind } from '../../jobs/runner'
import type { OrganizationSession } from '../sessions'
import { appendChunk } from './appendChunk'
import { cleanupMedia, MEDIA_CLEANUP_JOB } from './cleanupMedia'
import { completeUpload } from './completeUpload'
import { mediaFile } from './mediaFile'
import { startUpload } from './startUpload'
import type { MediaDeps, MediaFile } from './types'
import { updateMedia } from './updateMedia'

/*
 * Post media (issue 6): chunked uploads into the storage adapter, checked and thumbnailed on
 * completion. One use case per file; this facade only delegates. The decisions are in
 * docs/architecture.md, "Writing and publishing" (Media upload).
 */

export { MEDIA_CLEANUP_JOB } from './cleanupMedia'
export { cleanFileName, toMediaView, usableMedia, type MediaRow } from './mediaView'
export type { MediaDeps, MediaFile } from './types'
export { uploadTooBig } from './uploads'

export interface MediaService {
  readonly storage: MediaStorage
  start(session: OrganizationSession, input: { fileName: string; size: number; contentType: string }): Promise<{ uploadId: string; chunkSize: number }>
  appendChunk(session: OrganizationSession, input: { uploadId: string; offset: number }, source: Readable): Promise<{ received: number }>
  complete(session: OrganizationSession, input: { uploadId: string; altText: string }): Promise<PostMedia>
  update(session: OrganizationSession, input: { mediaId: string; altText: string }): Promise<PostMedia>
  /** A READY file of the organization (or its thumbnail); 404 otherwise. */
  file(organizationId: string, mediaId: string, which: 'file' | 'thumbnail'): Promise<MediaFile>
  /** Deletes stale uploads and unused files; answers how many media were removed. */
  cleanup(): Promise<number>
  /** cleanup() as a kind of the job runner (jobs/runner/): at start, then hourly. */
  readonly cleanupJob: JobKind
}

export function createMediaService(deps: MediaDeps): MediaService {
  const service: MediaService = {
    storage: deps.storage,
    start: (session, input) => startUpload(deps, session, input),
    appendChunk: (session, input, source) => appendChunk(deps, session, input, source),
    complete: (session, input) => completeUpload(deps, session, input),
    update: (session, input) => updateMedia(deps, session, input),
    file: (organizationId, mediaId, which) => mediaFile(deps, organizationId, mediaId, which),
    cleanup: () => cleanupMedia(deps),

    cleanupJob: {
      name: MEDIA_CLEANUP_JOB,
      intervalMs: 60 * 60_000,
      async run() {
        await service.cleanup()
        return false
      }
    }
  }
  return service
}

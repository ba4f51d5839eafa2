import type { Readable } from 'node:stream'
import type { MediaKind } from '../../../shared/domain/entities'
import type { MediaStorage } from '../../adapters/storage/storage'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { Thumbnailer } from '../thumbnails'

/* What the media use cases take and answer (docs/architecture.md, "Writing and publishing"). */

export interface MediaFile {
  kind: MediaKind
  fileName: string
  contentType: string
  size: number
  open(range?: { start: number; end: number }): Promise<Readable>
}

export interface MediaDeps {
  db: Database
  clock: Clock
  storage: MediaStorage
  thumbnailer: Thumbnailer
  maxUploadBytes: number
}

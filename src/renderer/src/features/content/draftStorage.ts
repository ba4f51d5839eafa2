import type { PostDraft } from './postDraft'

/**
 * The editor's crash copy: every change is written here synchronously, before any request, so a
 * closed or crashed window loses nothing the user typed. A record is removed once the server holds
 * the same content.
 */
interface LocalDraft {
  draft: PostDraft
  /** The server version the changes were made on; null before the post exists on the server. */
  baseVersion: number | null
  /** When the last change was made (ms since the epoch). */
  editedAt: number
}

const PREFIX = 'pagecrew.postDraft'

/**
 * One record per user and post; before the post exists, per user and slot ('new:<slotId>' or
 * 'new:none'), so a crash before the first save still finds the text when that page opens again.
 * The user id keeps one person's unsaved text from another who signs in on the same machine.
 */
export function draftStorageKey(userId: string, target: { postId: string } | { slotId: string | null }): string {
  const id = 'postId' in target ? target.postId : `new:${target.slotId ?? 'none'}`
  return `${PREFIX}.${userId}.${id}`
}

function isLocalDraft(value: unknown): value is LocalDraft {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Partial<LocalDraft>
  const draft = record.draft as Partial<PostDraft> | undefined
  return (
    typeof record.editedAt === 'number' &&
    (record.baseVersion === null || typeof record.baseVersion === 'number') &&
    typeof draft === 'object' &&
    draft !== null &&
    typeof draft.text === 'string' &&
    typeof draft.choice === 'string' &&
    Array.isArray(draft.media) &&
    typeof draft.poll === 'object'
  )
}

export function readLocalDraft(key: string): LocalDraft | null {
  try {
    const raw = window.localStorage.getItem(key)
    if (raw === null) return null
    const parsed: unknown = JSON.parse(raw)
    return isLocalDraft(parsed) ? parsed : null
  } catch {
    return null
  }
}

export function writeLocalDraft(key: string, record: LocalDraft): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(record))
  } catch (error) {
    // A full or disabled storage must not stop typing; the server copy still follows.
    console.error('Could not keep a local copy of the post.', error)
  }
}

export function removeLocalDraft(key: string): void {
  try {
    window.localStorage.removeItem(key)
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}

/**
 * The post of a local copy is gone (deleted elsewhere): the copy becomes the unsaved text of a new
 * post, not tied to a slot, so opening a new post restores it.
 */
export function keepLocalDraftAsNew(userId: string, postId: string): boolean {
  const key = draftStorageKey(userId, { postId })
  const local = readLocalDraft(key)
  if (!local) return false
  writeLocalDraft(draftStorageKey(userId, { slotId: null }), { draft: { ...local.draft, slotId: null }, baseVersion: null, editedAt: local.editedAt })
  removeLocalDraft(key)
  return true
}

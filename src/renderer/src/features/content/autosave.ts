import { MESSAGES } from '@shared/api/messages'
import type { Post } from '@shared/domain'
import { isApiError } from '@renderer/api/client'
import { describeFailure } from '@renderer/lib/formErrors'
import { draftStorageKey, readLocalDraft, removeLocalDraft, writeLocalDraft } from './draftStorage'
import { draftFromPost, postBody, sameContent, type PostContent, type PostDraft } from './postDraft'

/** Typing pauses this long before the server copy follows (the local copy is written at once). */
export const AUTOSAVE_DELAY_MS = 1000
/** Offline or a server failure: try again after 2 s, 4 s, 8 s … at most 30 s apart. */
export const RETRY_FIRST_MS = 2000
const RETRY_MAX_MS = 30_000

/**
 * idle: nothing to save yet; pending/saving: a change is on its way; saved: the server holds what
 * is shown; retrying: the server could not be reached (it keeps trying); conflict: the post changed
 * elsewhere (409 on the version) and the user chooses; refused: the server refused the change (its
 * message; e.g. the post is being published).
 */
export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'retrying' | 'conflict' | 'refused'

interface AutosaveSnapshot {
  draft: PostDraft
  state: SaveState
  /** The server's reason when it refused the content. */
  refusal: string | null
  /** The editor opened on unsaved changes kept from an earlier session. */
  restored: boolean
  /** Null until the first save created the post. */
  postId: string | null
}

/** Creates (no target) or updates the post; rejects with the ApiError of a refusal. */
export type SendPost = (target: { postId: string; version: number } | null, content: PostContent) => Promise<Post>

interface AutosaveOptions {
  userId: string
  /** The post as the server had it when the editor opened; null: a new post. */
  initialPost: Post | null
  /** A new post's first content (its slot, type and page). */
  initialDraft: PostDraft
  send: SendPost
  /** The first save created the post. */
  onCreated?: (post: Post) => void
  delayMs?: number
}

/** An action needs the saved post but the server does not hold what the editor shows. */
export class NotSavedError extends Error {
  constructor(readonly state: SaveState) {
    super('The post is not saved yet.')
    this.name = 'NotSavedError'
  }
}

/**
 * The editor's autosave, outside React so its timing is plain and testable. Every change goes to
 * localStorage synchronously and to the server a second later: create on the first change, then
 * update with the version it was made on. A 409 never overwrites either side: the local text
 * stays and the user picks. Offline it retries with backoff. Actions on the post (schedule,
 * publish…) run through `exclusive`, which saves first and pauses autosave meanwhile.
 */
export class AutosaveController {
  private readonly userId: string
  private readonly initialDraft: PostDraft
  private readonly delayMs: number
  private send: SendPost
  private onCreated: (post: Post) => void

  private snapshot: AutosaveSnapshot
  private readonly listeners = new Set<() => void>()
  /** What the server holds (null: nothing yet). */
  private saved: PostDraft | null
  private post: Post | null
  private baseVersion: number | null
  private conflict: boolean
  private readOnly = false
  private stopped = false
  private held = false
  private timer: ReturnType<typeof setTimeout> | null = null
  private inFlight: Promise<void> | null = null
  private retries = 0
  private failed = false
  private readonly startWithSave: boolean

  constructor(options: AutosaveOptions) {
    this.userId = options.userId
    this.initialDraft = options.initialDraft
    this.delayMs = options.delayMs ?? AUTOSAVE_DELAY_MS
    this.send = options.send
    this.onCreated = options.onCreated ?? (() => undefined)
    this.post = options.initialPost
    const start = this.startFrom(options.initialPost)
    this.saved = start.saved
    this.baseVersion = options.initialPost?.version ?? null
    this.conflict = start.conflict
    this.startWithSave = start.restored && !start.conflict
    this.snapshot = {
      draft: start.draft,
      state: start.conflict ? 'conflict' : start.restored ? 'pending' : start.saved ? 'saved' : 'idle',
      refusal: null,
      restored: start.restored,
      postId: options.initialPost?.id ?? null
    }
  }

  /**
   * Where the editor starts: the server's post, or the local copy when it holds changes the server
   * does not have. Changes made on the version the server still has are restored as they are;
   * made on an older version they are restored too, but the user chooses which side wins.
   */
  private startFrom(post: Post | null): { draft: PostDraft; saved: PostDraft | null; restored: boolean; conflict: boolean } {
    if (post) {
      const key = draftStorageKey(this.userId, { postId: post.id })
      const server = draftFromPost(post)
      const local = readLocalDraft(key)
      const editable = post.status !== 'PUBLISHED' && post.status !== 'PENDING_PUBLISH'
      if (local && editable && !sameContent(local.draft, server)) {
        return { draft: local.draft, saved: server, restored: true, conflict: local.baseVersion !== post.version }
      }
      if (local) removeLocalDraft(key)
      return { draft: server, saved: server, restored: false, conflict: false }
    }
    const local = readLocalDraft(draftStorageKey(this.userId, { slotId: this.initialDraft.slotId }))
    if (local && !sameContent(local.draft, this.initialDraft)) return { draft: local.draft, saved: null, restored: true, conflict: false }
    return { draft: this.initialDraft, saved: null, restored: false, conflict: false }
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly getSnapshot = (): AutosaveSnapshot => this.snapshot

  private update(change: Partial<AutosaveSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change }
    for (const listener of this.listeners) listener()
  }

  private get draft(): PostDraft {
    return this.snapshot.draft
  }

  private storageKey(): string {
    const postId = this.snapshot.postId
    return postId ? draftStorageKey(this.userId, { postId }) : draftStorageKey(this.userId, { slotId: this.initialDraft.slotId })
  }

  private isDirty(): boolean {
    return !sameContent(this.draft, this.saved ?? this.initialDraft)
  }

  private clearTimer() {
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
  }

  private schedule(delay: number) {
    this.clearTimer()
    this.timer = setTimeout(() => {
      this.timer = null
      void this.save()
    }, delay)
  }

  /** The send function and creation callback of the latest render. */
  connect(ports: { send: SendPost; onCreated?: (post: Post) => void }) {
    this.send = ports.send
    if (ports.onCreated) this.onCreated = ports.onCreated
  }

  /** The editor is shown: a restored copy goes to the server straight away. */
  start() {
    if (this.startWithSave && this.isDirty() && this.timer === null && !this.inFlight) this.schedule(0)
  }

  /** Leaving (unmount, pagehide) or back online: what waits for the timer goes now. */
  sendNow() {
    if (this.timer === null) return
    this.clearTimer()
    void this.save()
  }

  setReadOnly(readOnly: boolean) {
    this.readOnly = readOnly
    if (readOnly) this.clearTimer()
  }

  /** A change by the user: kept locally at once, saved a moment later. */
  edit(change: (draft: PostDraft) => PostDraft) {
    if (this.readOnly || this.stopped) return
    this.update({ draft: change(this.draft) })
    if (!this.isDirty()) {
      removeLocalDraft(this.storageKey())
      this.clearTimer()
      if (!this.inFlight && !this.conflict) this.update({ state: this.saved ? 'saved' : 'idle', refusal: null })
      return
    }
    writeLocalDraft(this.storageKey(), { draft: this.draft, baseVersion: this.baseVersion, editedAt: Date.now() })
    if (this.conflict) return
    this.update({ state: 'pending' })
    this.schedule(this.delayMs)
  }

  /** Sends the current content once; a save already under way sends again when it is done. */
  private async save(): Promise<void> {
    if (this.inFlight || this.conflict || this.stopped || this.held || this.readOnly || !this.isDirty()) return
    const snapshot = this.draft
    const postId = this.snapshot.postId
    const target = postId ? { postId, version: this.baseVersion ?? 1 } : null
    this.update({ state: 'saving' })
    const run = this.send(target, postBody(snapshot)).then(
      (post) => this.onSaved(post, snapshot, postId === null),
      (error: unknown) => this.onSaveFailed(error)
    )
    this.inFlight = run
    await run
    this.inFlight = null
  }

  private onSaved(post: Post, sent: PostDraft, created: boolean) {
    this.retries = 0
    this.failed = false
    this.post = post
    this.baseVersion = post.version
    this.saved = sent
    if (created) {
      removeLocalDraft(draftStorageKey(this.userId, { slotId: this.initialDraft.slotId }))
      this.update({ postId: post.id })
      this.onCreated(post)
    }
    if (this.isDirty()) {
      writeLocalDraft(this.storageKey(), { draft: this.draft, baseVersion: post.version, editedAt: Date.now() })
      this.update({ state: 'pending', refusal: null })
      this.schedule(this.delayMs)
    } else {
      removeLocalDraft(this.storageKey())
      this.update({ state: 'saved', refusal: null })
    }
  }

  private onSaveFailed(error: unknown) {
    this.failed = true
    if (isApiError(error, 409) && (error.fields.version !== undefined || error.message === MESSAGES.postChangedElsewhere)) {
      this.conflict = true
      this.update({ state: 'conflict' })
    } else if (!isApiError(error) || error.status === 0 || error.status >= 500) {
      const delay = Math.min(RETRY_FIRST_MS * 2 ** this.retries, RETRY_MAX_MS)
      this.retries += 1
      this.update({ state: 'retrying' })
      this.schedule(delay)
    } else {
      const failure = describeFailure(error)
      this.update({ state: 'refused', refusal: Object.values(failure.fields)[0] ?? failure.message })
    }
  }

  /**
   * Waits until the server holds what the editor shows and answers that post; rejects with
   * NotSavedError when it cannot (conflict, refused, offline).
   */
  async flush(): Promise<Post> {
    this.clearTimer()
    if (this.inFlight) await this.inFlight
    if (this.isDirty()) await this.save()
    if (this.conflict) throw new NotSavedError('conflict')
    if (this.isDirty() || !this.post) throw new NotSavedError(this.failed ? this.snapshot.state : 'idle')
    return this.post
  }

  /**
   * Runs an action on the saved post with autosave paused, so no save races it with an old
   * version; the post it answers becomes the new base. `save: false` skips saving first (deleting
   * needs no save, and must work while a conflict is open).
   */
  async exclusive<T extends Post | void>(action: (post: Post) => Promise<T>, options: { save?: boolean } = {}): Promise<T> {
    const post = options.save === false ? await this.settled() : await this.flush()
    this.held = true
    try {
      const result = await action(post)
      if (result) this.adopt(result)
      return result
    } finally {
      this.held = false
      if (this.isDirty() && !this.stopped && !this.conflict) this.schedule(this.delayMs)
    }
  }

  /** Waits for a save under way (it may be creating the post) and answers the post as the server has it. */
  private async settled(): Promise<Post> {
    this.clearTimer()
    if (this.inFlight) await this.inFlight
    if (!this.post) throw new NotSavedError(this.snapshot.state)
    return this.post
  }

  /** The server's answer to an action on the post: its version is the base of later changes. */
  adopt(post: Post) {
    this.post = post
    this.baseVersion = post.version
  }

  /**
   * The server's post changed without this editor (another window, the publisher): a clean editor
   * shows it; with changes of its own the next save meets the 409 and the user chooses.
   */
  serverChanged(post: Post) {
    if (post.id !== this.snapshot.postId || this.inFlight || this.held) return
    if (this.baseVersion !== null && post.version <= this.baseVersion) return
    if (this.isDirty() || this.conflict) return
    this.post = post
    this.baseVersion = post.version
    this.saved = draftFromPost(post)
    this.update({ draft: this.saved })
  }

  /** Conflict: the server's version wins; the local changes are dropped. */
  reload(post: Post) {
    this.clearTimer()
    this.post = post
    this.baseVersion = post.version
    this.saved = draftFromPost(post)
    this.conflict = false
    this.failed = false
    removeLocalDraft(this.storageKey())
    this.update({ draft: this.saved, state: 'saved', restored: false, refusal: null })
  }

  /** Conflict: the user keeps their text; it is saved over the server's latest version. */
  async keepMine(latest: Post): Promise<void> {
    this.post = latest
    this.baseVersion = latest.version
    this.saved = draftFromPost(latest)
    this.conflict = false
    await this.save()
  }

  dismissRestored() {
    this.update({ restored: false })
  }

  /** The post is gone (deleted): forget the local copy and never save again. */
  discard() {
    this.stopped = true
    this.clearTimer()
    removeLocalDraft(this.storageKey())
  }
}

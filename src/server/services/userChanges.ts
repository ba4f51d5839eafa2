/**
 * What this server process has heard of changes to users (issue 16): the sessions it keeps and the
 * GET /user answers it keeps are used only while no change to their user has been heard since they
 * were read. Fed by the database's change notices (db/changeFeed.ts); while the feed is not live
 * nothing counts as unchanged, so nothing kept is used.
 *
 * Every notice and every "forget everything" takes the next number of one counter. A reader takes
 * a mark (the counter) BEFORE it reads the database; what it read is current while its user's last
 * notice and the last "forget everything" are at or below the mark. A notice that arrives while the
 * read is under way is above the mark, so a read that may have missed the change is never used.
 */
export class UserChanges {
  private counter = 1
  private forgotAt = 1
  private live = false
  private readonly lastChange = new Map<string, number>()

  /** Users whose last notice is remembered; beyond this everything is forgotten at once (bounded memory). */
  constructor(private readonly maxTracked = 100_000) {}

  get isLive(): boolean {
    return this.live
  }

  /** The mark to read at, or null while changes may go unheard (keep nothing). */
  mark(): number | null {
    return this.live ? this.counter : null
  }

  /** Whether what was read for `userId` at `mark` is still current. */
  unchangedSince(userId: string, mark: number): boolean {
    return this.live && mark >= this.forgotAt && (this.lastChange.get(userId) ?? 0) <= mark
  }

  /**
   * A version of what is known of the user: it changes with every notice for them and every
   * "forget everything"; null while not live. Taken before reading, it tags the answer kept.
   */
  version(userId: string): string | null {
    return this.live ? String(Math.max(this.forgotAt, this.lastChange.get(userId) ?? 0)) : null
  }

  /** A change to the user was heard (or made here). */
  changed(userId: string): void {
    if (this.lastChange.size >= this.maxTracked && !this.lastChange.has(userId)) {
      this.forgetAll()
      return
    }
    this.lastChange.set(userId, ++this.counter)
  }

  forgetAll(): void {
    this.forgotAt = ++this.counter
    this.lastChange.clear()
  }

  setLive(live: boolean): void {
    this.live = live
    this.forgetAll()
  }

  /** The change feed's payloads: 'u:<user id>'. */
  notice(payload: string): void {
    if (payload.startsWith('u:')) this.changed(payload.slice(2))
  }
}

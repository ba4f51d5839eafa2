import { diffWordsWithSpace } from 'diff'

/** One run of a word-level comparison: text both versions share, or only the older ('removed') or newer ('added') has. */
export interface DiffPart {
  kind: 'same' | 'removed' | 'added'
  text: string
}

/**
 * Two revisions of a post compared word by word (issue 13, "compare any two versions"), whitespace
 * and line breaks included, so the parts put back together give either text: the 'same' and
 * 'removed' parts are the older one, the 'same' and 'added' parts the newer one. jsdiff's
 * diffWordsWithSpace: a changed word shows as that word removed and its replacement added, not as
 * changed characters, which is how people read an edit of prose.
 */
export function wordDiff(older: string, newer: string): DiffPart[] {
  const parts: DiffPart[] = []
  for (const change of diffWordsWithSpace(older, newer)) {
    if (change.value === '') continue
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same'
    const last = parts[parts.length - 1]
    if (last?.kind === kind) last.text += change.value
    else parts.push({ kind, text: change.value })
  }
  return parts
}

/** Whether a comparison found any change. */
export function hasChanges(parts: readonly DiffPart[]): boolean {
  return parts.some((part) => part.kind !== 'same')
}

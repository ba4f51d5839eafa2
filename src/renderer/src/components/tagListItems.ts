import type { TagListItem } from '@shared/domain'

/** A topic tag or a business post tag, as the lists receive them. */
export interface TagSource {
  id: string
  title: string
  color: string
  description?: string | null
}

/**
 * The tag list's items (spec §3): a tag is checked when its id matches the selected one. Tags
 * already shown keep their place and tags new to the list are appended, so a tag created from the
 * list shows up at its end, unchecked (spec §4), even when the server sorts by title.
 */
export function toTagListItems(
  tags: readonly TagSource[],
  selectedId: string | null,
  previousOrder: readonly string[] = [],
  kind = 'tag'
): TagListItem[] {
  const rank = new Map(previousOrder.map((id, index) => [id, index]))
  const known = tags.filter((t) => rank.has(t.id)).sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0))
  const added = tags.filter((t) => !rank.has(t.id))
  return [...known, ...added].map((t) => ({
    label: t.title,
    color: t.color,
    description: t.description ?? null,
    id: t.id,
    uid: `${kind}:${t.id}`,
    checked: selectedId !== null && t.id === selectedId
  }))
}

/** The tag title to create, trimmed, or null when it is empty (the caller alerts 'Please enter a tag'). */
export function newTagTitle(raw: string): string | null {
  const title = raw.trim()
  return title === '' ? null : title
}

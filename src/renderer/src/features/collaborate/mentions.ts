import type { PersonRef } from '@shared/domain'

/**
 * @mentions in feedback (issue 13): the composer writes '@Full Name' for a person picked from the
 * thread's participants and sends their ids; a comment shows each mentioned person's '@Full Name'
 * highlighted.
 */

/** The '@name' being typed just before the caret, if any: where its '@' is and what follows it. */
export function mentionQueryAt(text: string, caret: number): { at: number; query: string } | null {
  const before = text.slice(0, caret)
  const match = /(^|\s)@([^\s@]{0,40})$/u.exec(before)
  if (!match) return null
  return { at: caret - match[2]!.length - 1, query: match[2]! }
}

/** Participants whose name matches what follows the '@' (any word's start), the writer left out. */
export function mentionCandidates(participants: readonly PersonRef[], query: string, selfId: string): PersonRef[] {
  const q = query.toLocaleLowerCase()
  return participants.filter((p) => p.id !== selfId && (q === '' || p.fullName.toLocaleLowerCase().split(/\s+/u).some((word) => word.startsWith(q))))
}

/** The people whose '@Full Name' is still in the text: the ids to send. */
export function mentionedIds(text: string, picked: readonly PersonRef[]): string[] {
  return [...new Set(picked.filter((p) => text.includes(`@${p.fullName}`)).map((p) => p.id))]
}

type MentionPart = { kind: 'text'; text: string } | { kind: 'mention'; text: string; person: PersonRef }

/** A comment's text cut into plain runs and '@Full Name' mentions of the people it mentioned (longest names first). */
export function mentionParts(text: string, mentions: readonly PersonRef[]): MentionPart[] {
  const names = [...mentions].sort((a, b) => b.fullName.length - a.fullName.length)
  const parts: MentionPart[] = []
  let rest = text
  while (rest !== '') {
    let best: { index: number; person: PersonRef } | null = null
    for (const person of names) {
      const index = rest.indexOf(`@${person.fullName}`)
      if (index >= 0 && (best === null || index < best.index)) best = { index, person }
    }
    if (!best) {
      parts.push({ kind: 'text', text: rest })
      break
    }
    if (best.index > 0) parts.push({ kind: 'text', text: rest.slice(0, best.index) })
    const token = `@${best.person.fullName}`
    parts.push({ kind: 'mention', text: token, person: best.person })
    rest = rest.slice(best.index + token.length)
  }
  return parts
}

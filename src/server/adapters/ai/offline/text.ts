import { clean, truncate } from '../ai'

/** The generator's wording: tone, phrases cut to fit a sentence, capitals and contractions. */

export type Tone = 'formal' | 'friendly' | 'bold' | 'neutral'

/** The tone of a template's free-text tone ('Formal and precise', 'friendly, casual', …). */
export function toneOf(tone: string | null | undefined): Tone {
  const t = (tone ?? '').toLowerCase()
  if (/formal|professional|authoritative|corporate|serious|academic|executive|polished/.test(t)) return 'formal'
  if (/friend|casual|warm|conversational|playful|fun|approachable|relaxed|personal/.test(t)) return 'friendly'
  if (/bold|direct|provocative|confident|energetic|punchy|assertive/.test(t)) return 'bold'
  return 'neutral'
}

const CONTRACTIONS: [RegExp, string][] = [
  [/\bdon['’]t\b/gi, 'do not'],
  [/\bdoesn['’]t\b/gi, 'does not'],
  [/\bdidn['’]t\b/gi, 'did not'],
  [/\bisn['’]t\b/gi, 'is not'],
  [/\baren['’]t\b/gi, 'are not'],
  [/\bwon['’]t\b/gi, 'will not'],
  [/\bcan['’]t\b/gi, 'cannot'],
  [/\bit['’]s\b/gi, 'it is'],
  [/\bthat['’]s\b/gi, 'that is'],
  [/\bwhat['’]s\b/gi, 'what is'],
  [/\bhere['’]s\b/gi, 'here is'],
  [/\bthere['’]s\b/gi, 'there is'],
  [/\blet['’]s\b/gi, 'let us'],
  [/\bwe['’]re\b/gi, 'we are'],
  [/\bthey['’]re\b/gi, 'they are'],
  [/\byou['’]re\b/gi, 'you are'],
  [/\bwe['’]ve\b/gi, 'we have'],
  [/\bthey['’]ve\b/gi, 'they have'],
  [/\bwe['’]ll\b/gi, 'we will'],
  [/\byou['’]ll\b/gi, 'you will'],
  [/\bwe['’]d\b/gi, 'we would'],
  [/\byou['’]d\b/gi, 'you would']
]

/** Formal writing without contractions ("we've" → "we have"), keeping a capital at the start. */
function formalize(text: string): string {
  let out = text
  for (const [pattern, full] of CONTRACTIONS) {
    out = out.replace(pattern, (match) => (match[0] === match[0]!.toUpperCase() ? capitalize(full) : full))
  }
  return out
}

export function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1)
}

/** 'Marketing managers' reads 'marketing managers' mid-sentence; acronyms and names with inner capitals stay. */
export function midSentence(value: string): string {
  const first = value.split(' ')[0] ?? ''
  return /^\p{Lu}\p{Ll}+$/u.test(first) ? value.charAt(0).toLowerCase() + value.slice(1) : value
}

/** The first clause of a free-text field, short enough to sit inside a sentence. */
export function phrase(value: string | null | undefined, max: number): string {
  const first = clean(value).split(/(?<=[.;!?])\s|\n/)[0] ?? ''
  const trimmed = first.replace(/[.;!?,:]+$/, '').trim()
  if (trimmed.length <= max) return trimmed
  // Cut at a word, without a dangling 'and', 'of the', … at the end.
  return truncate(trimmed, max)
    .replace(/…$/, '')
    .replace(/(\s+(and|or|of|the|a|an|for|to|in|on|at|with|who|that|which|from|by|&))+$/i, '')
    .replace(/[\s,;:.-]+$/, '')
}

/** A multi-word phrase reads in lower case mid-sentence ('heat pumps'); single words may be names ('Kubernetes'). */
export function inSentence(value: string): string {
  return value.includes(' ') ? midSentence(value) : value
}

export function sentence(value: string, max: number): string {
  const text = truncate(clean(value), max)
  return /[.!?…]$/.test(text) ? text : `${text}.`
}

export function voice(text: string, tone: Tone): string {
  return tone === 'formal' ? formalize(text) : text
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

const firstGrapheme = (text: string): string => graphemes.segment(text)[Symbol.iterator]().next().value?.segment ?? ''

/**
 * The letters an avatar shows for a name: the first letter of the first and of the last word that
 * begin with a letter, in any script ("Ada Lovelace" AL, "محمد علي" مع, "王小明" 王), skipping
 * emoji and marks ("🎉 Party Planner" PP); a name of emoji alone shows its first one. Fluent's own
 * rule shows nothing or a stray Latin letter for such names.
 */
export function initialsOf(name: string): string {
  const words = name
    .replace(/\([^)]*\)|\[[^\]]*\]|\{[^}]*\}/g, ' ')
    .trim()
    .split(/\s+/u)
    .filter((word) => word !== '')
  const lettered = words.map((word) => word.replace(/^[^\p{L}]+/u, '')).filter((word) => word !== '')
  if (lettered.length === 0) return words.length > 0 ? firstGrapheme(words[0]!) : ''
  const first = firstGrapheme(lettered[0]!)
  const last = lettered.length > 1 ? firstGrapheme(lettered.at(-1)!) : ''
  return (first + last).toLocaleUpperCase()
}

/** text, @, text, dot, text, no spaces (spec §5). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email)
}

export function isNonEmptyTrimmed(value: string): boolean {
  return value.trim().length > 0
}

/** Social Selling Index tooltip bands of spec §2. */
export function ssiBand(score: number): '0-30' | '31-45' | '46-60' | '61-75' | '75+' {
  if (score <= 30) return '0-30'
  if (score <= 45) return '31-45'
  if (score <= 60) return '46-60'
  if (score <= 75) return '61-75'
  return '75+'
}

/** Page title from the first path segment; 'recommended' shows as 'Recommended posts' (spec §2). */
export function pageTitleFor(pathname: string): string {
  const segment = pathname.split('/').filter(Boolean)[0] ?? ''
  if (segment === 'recommended') return 'Recommended posts'
  if (!segment) return ''
  return segment
    .split('-')
    .map((w, i) => (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(' ')
}

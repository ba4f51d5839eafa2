/** text, @, text, dot, text, no spaces (spec §5). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email)
}

/** Social Selling Index tooltip bands of spec §2. */
export function ssiBand(score: number): '0-30' | '31-45' | '46-60' | '61-75' | '75+' {
  if (score <= 30) return '0-30'
  if (score <= 45) return '31-45'
  if (score <= 60) return '46-60'
  if (score <= 75) return '61-75'
  return '75+'
}

/**
 * Password strength (issue 12): zxcvbn-ts estimates how many guesses a password takes, knowing
 * common passwords, English words, names, keyboard patterns, dates and the user's own email and
 * name. The server refuses new passwords below PASSWORD_MIN_SCORE (sign-up, joining with a new
 * account, changing the password); the Settings strength meter runs the same estimator.
 */

/** zxcvbn's 3: "safely unguessable", enough against an online attack and a slow-hash offline one. */
const PASSWORD_MIN_SCORE = 3

type PasswordScore = 0 | 1 | 2 | 3 | 4

export const PASSWORD_STRENGTH_LABELS: Record<PasswordScore, string> = {
  0: 'Very weak',
  1: 'Weak',
  2: 'Fair',
  3: 'Strong',
  4: 'Very strong'
}

interface PasswordEstimate {
  score: PasswordScore
  /** Why it is weak ('This is a heavily used password.'), when the estimator can say. */
  warning: string | null
  suggestions: string[]
}

export type PasswordEstimator = (password: string, userInputs: readonly string[]) => PasswordEstimate

let loading: Promise<PasswordEstimator> | null = null

/**
 * The estimator with the common and English dictionaries (about 1.5 MB of word lists), loaded once
 * on first use. Dynamic imports: the renderer fetches them only when a password form needs them,
 * never with the login route.
 */
export function loadPasswordEstimator(): Promise<PasswordEstimator> {
  loading ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en')
    ])
    const factory = new ZxcvbnFactory({
      translations: en.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary }
    })
    return (password, userInputs) => {
      const result = factory.check(password, [...userInputs])
      return { score: result.score, warning: result.feedback.warning || null, suggestions: result.feedback.suggestions }
    }
  })()
  // A failed load (a chunk that did not arrive) is tried again next time.
  loading.catch(() => {
    loading = null
  })
  return loading
}

/**
 * The user's own words a guesser tries first: the email, its parts, the name whole, run together
 * and word by word (the estimator matches inputs as dictionary words, so 'Grace Hopper 1' needs
 * 'grace hopper' and 'gracehopper' as well as 'grace' and 'hopper').
 */
export function passwordUserInputs(user: { email?: string | null; fullName?: string | null }): string[] {
  const email = (user.email ?? '').trim().toLowerCase()
  const [local = '', domain = ''] = email.split('@')
  const localWords = local.split(/[._+-]+/)
  const name = (user.fullName ?? '').trim().toLowerCase()
  const nameWords = name.split(/[\s.,'-]+/)
  const emailWords = [email, local, localWords.join(''), ...localWords, domain, ...domain.split('.').slice(0, -1)]
  const words = [...emailWords, name, nameWords.join(''), ...nameWords]
  return [...new Set(words.filter((w) => w.length >= 2))]
}

export interface PasswordVerdict extends PasswordEstimate {
  ok: boolean
  /** Why it is refused and what helps (the estimator's warning and suggestions); null when ok. */
  message: string | null
}

export function judgePassword(
  estimator: PasswordEstimator,
  password: string,
  user: { email?: string | null; fullName?: string | null }
): PasswordVerdict {
  const estimate = estimator(password, passwordUserInputs(user))
  const ok = estimate.score >= PASSWORD_MIN_SCORE
  const advice = [estimate.warning, ...estimate.suggestions].filter((s): s is string => Boolean(s))
  if (advice.length === 0) advice.push('Add another word or two, the less common the better.')
  return { ...estimate, ok, message: ok ? null : ['This password is too easy to guess.', ...advice].join(' ') }
}

import { useEffect, useMemo, useState } from 'react'
import { ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components'
import {
  PASSWORD_STRENGTH_LABELS,
  judgePassword,
  loadPasswordEstimator,
  type PasswordEstimator,
  type PasswordVerdict
} from '@shared/rules/password'

const useStyles = makeStyles({
  meter: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  advice: { color: tokens.colorNeutralForeground3 }
})

/**
 * The server's strength verdict for `password`, computed here with the same estimator. Its
 * dictionaries load on first use, in their own chunk (never with the login route); null until
 * they have arrived or while the password is empty.
 */
export function usePasswordVerdict(password: string, user: { email: string; fullName: string }): PasswordVerdict | null {
  const [estimator, setEstimator] = useState<PasswordEstimator | null>(null)
  useEffect(() => {
    let live = true
    // A load that fails leaves the meter out; the server still judges the password.
    loadPasswordEstimator().then(
      (loaded) => live && setEstimator(() => loaded),
      () => undefined
    )
    return () => {
      live = false
    }
  }, [])
  const { email, fullName } = user
  return useMemo(
    () => (estimator && password !== '' ? judgePassword(estimator, password, { email, fullName }) : null),
    [estimator, password, email, fullName]
  )
}

const COLORS = { 0: 'error', 1: 'error', 2: 'warning', 3: 'success', 4: 'success' } as const

/** A bar and a word for the score, and what would help while the password is too easy to guess. */
export function PasswordStrengthMeter({ verdict }: { verdict: PasswordVerdict | null }) {
  const styles = useStyles()
  if (!verdict) return null
  const advice = [verdict.warning, ...verdict.suggestions].filter(Boolean).join(' ')
  return (
    <div className={styles.meter} data-testid="password-strength" data-score={verdict.score} aria-live="polite">
      <ProgressBar value={(verdict.score + 1) / 5} color={COLORS[verdict.score]} thickness="large" aria-label="Password strength" />
      <Text size={200}>
        Strength: <strong data-testid="password-strength-label">{PASSWORD_STRENGTH_LABELS[verdict.score]}</strong>
      </Text>
      {!verdict.ok && advice ? (
        <Text size={200} className={styles.advice} data-testid="password-strength-advice">
          {advice}
        </Text>
      ) : null}
    </div>
  )
}

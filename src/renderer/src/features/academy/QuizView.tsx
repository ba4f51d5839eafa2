import { useEffect, useRef, useState } from 'react'
import { Button, Checkbox, Field, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Radio, RadioGroup, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { CheckmarkCircle20Filled, DismissCircle20Filled } from '@fluentui/react-icons'
import type { Certificate, CourseDetail, QuizResult } from '@shared/domain/academy'
import { useSubmitQuiz } from '@renderer/api/academy'
import { newIdempotencyKey } from '@renderer/components/useFormDialog'
import { useSingleFlight } from '@renderer/components/useSingleFlight'
import { failureToast } from '@renderer/lib/failureToast'
import { useNotify } from '@renderer/lib/toasts'
import { CertificateDialog, CertificateView } from './CertificateView'
import { formatPercent } from './academyUi'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, ':focus': { outline: 'none' } },
  questions: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  fieldset: { border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalS, fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  muted: { color: tokens.colorNeutralForeground3 },
  results: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  resultRow: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS },
  right: { color: tokens.colorStatusSuccessForeground1, flexShrink: 0 },
  wrong: { color: tokens.colorStatusDangerForeground1, flexShrink: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' }
})

type Answers = Record<string, string[]>

type Quiz = NonNullable<CourseDetail['quiz']>

/** The score, pass or fail against the mark, which questions were wrong (never the right answers), and the certificate on a pass. */
function QuizResultView({ quiz, result, onRetry }: { quiz: Quiz; result: QuizResult; onRetry: () => void }) {
  const styles = useStyles()
  const byId = new Map(quiz.questions.map((q, i) => [q.id, { ...q, number: i + 1 }]))
  const share = result.total === 0 ? 0 : result.correct / result.total
  // The result replaces the questions: reading (and a screen reader) starts at the score.
  const top = useRef<HTMLDivElement>(null)
  useEffect(() => top.current?.focus(), [])
  return (
    <div className={styles.root} ref={top} tabIndex={-1} data-testid="quiz-result" data-passed={result.passed}>
      <MessageBar intent={result.passed ? 'success' : 'warning'} layout="multiline" data-testid="quiz-result-summary">
        <MessageBarBody>
          <MessageBarTitle>{result.passed ? 'You passed!' : 'Not passed yet'}</MessageBarTitle>
          {result.correct} of {result.total} correct ({formatPercent(share)}). {result.passed ? 'Your certificate is below.' : `You need ${formatPercent(result.passMark)} to pass.`}
        </MessageBarBody>
      </MessageBar>
      <ol className={styles.results} aria-label="Your answers">
        {result.questions.map((q) => {
          const question = byId.get(q.id)
          return (
            <li key={q.id} className={styles.resultRow} data-testid="quiz-result-question" data-correct={q.correct}>
              {q.correct ? <CheckmarkCircle20Filled className={styles.right} aria-label="Correct" /> : <DismissCircle20Filled className={styles.wrong} aria-label="Wrong" />}
              <Text>
                {question ? `${question.number}. ${question.prompt}` : q.id}
                <span className={styles.muted}>{q.correct ? ' — correct' : ' — wrong'}</span>
              </Text>
            </li>
          )
        })}
      </ol>
      {result.passed ? null : (
        <div className={styles.actions}>
          <Button appearance="primary" onClick={onRetry} data-testid="quiz-retry">
            Try again
          </Button>
          <Text className={styles.muted}>Reread the lessons of the questions you missed first.</Text>
        </div>
      )}
      {result.passed && result.certificate ? <CertificateView certificate={result.certificate} /> : null}
    </div>
  )
}

/** Already passed: the certificate is a click away, and a new attempt changes nothing. */
function PassedNote({ certificate }: { certificate: Certificate | null }) {
  const [open, setOpen] = useState(false)
  return (
    <MessageBar intent="success" layout="multiline" data-testid="quiz-passed-note">
      <MessageBarBody>
        <MessageBarTitle>You passed this course.</MessageBarTitle>
        {certificate ? 'Your certificate is ready to print, download or add to LinkedIn.' : 'Take the quiz again whenever you like.'}
      </MessageBarBody>
      {certificate ? (
        <MessageBarActions>
          <Button onClick={() => setOpen(true)} data-testid="quiz-passed-certificate">
            View certificate
          </Button>
        </MessageBarActions>
      ) : null}
      {open && certificate ? <CertificateDialog certificate={certificate} onClose={() => setOpen(false)} /> : null}
    </MessageBar>
  )
}

/** A multi-answer prompt without its own "(choose all that apply)": the legend adds "Choose all that apply." once. */
function withoutChooseAll(prompt: string): string {
  return prompt.replace(/\s*[([]?\s*choose all that apply\s*[.!]?\s*[)\]]?\s*[.:]?\s*$/iu, '')
}

/** The final quiz: one choice per question, or "Choose all that apply"; Submit once every question is answered. */
export function QuizView({ courseSlug, quiz, passed, certificate }: { courseSlug: string; quiz: Quiz; passed: boolean; certificate: Certificate | null }) {
  const styles = useStyles()
  const notify = useNotify()
  const submitQuiz = useSubmitQuiz()
  const { run, running } = useSingleFlight()
  const [answers, setAnswers] = useState<Answers>({})
  const [result, setResult] = useState<QuizResult | null>(null)
  const complete = quiz.questions.every((q) => (answers[q.id]?.length ?? 0) > 0)
  const answered = quiz.questions.filter((q) => (answers[q.id]?.length ?? 0) > 0).length

  if (result) {
    return (
      <QuizResultView
        quiz={quiz}
        result={result}
        onRetry={() => {
          setAnswers({})
          setResult(null)
        }}
      />
    )
  }

  const toggle = (questionId: string, optionId: string, checked: boolean) =>
    setAnswers((prev) => {
      const chosen = new Set(prev[questionId] ?? [])
      if (checked) chosen.add(optionId)
      else chosen.delete(optionId)
      return { ...prev, [questionId]: [...chosen] }
    })

  const submit = () =>
    void run(async () => {
      try {
        setResult(await submitQuiz.mutateAsync({ courseSlug, answers, idempotencyKey: newIdempotencyKey() }))
      } catch (error) {
        notify(failureToast('Quiz not submitted ⚠️', error))
      }
    })

  return (
    <form
      className={styles.root}
      aria-label="Final quiz"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (complete) submit()
      }}
      data-testid="quiz-form"
    >
      {passed ? <PassedNote certificate={certificate} /> : null}
      <Text className={styles.muted}>
        {quiz.questions.length} questions. Answer {formatPercent(quiz.passMark)} of them correctly to pass{passed ? ' (you already passed; a new attempt does not change your certificate)' : ' and earn your certificate'}.
      </Text>
      <ol className={styles.questions}>
        {quiz.questions.map((question, index) => (
          <li key={question.id} data-testid="quiz-question" data-question={question.id}>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>
                {index + 1}. {question.multiple ? withoutChooseAll(question.prompt) : question.prompt}
                {question.multiple ? <Text className={styles.muted}> Choose all that apply.</Text> : null}
              </legend>
              {question.multiple ? (
                question.options.map((option) => (
                  <Checkbox
                    key={option.id}
                    label={option.text}
                    checked={answers[question.id]?.includes(option.id) ?? false}
                    onChange={(_, d) => toggle(question.id, option.id, d.checked === true)}
                    data-option={option.id}
                  />
                ))
              ) : (
                <Field>
                  <RadioGroup value={answers[question.id]?.[0] ?? ''} onChange={(_, d) => setAnswers((prev) => ({ ...prev, [question.id]: [d.value] }))} aria-label={question.prompt}>
                    {question.options.map((option) => (
                      <Radio key={option.id} value={option.id} label={option.text} data-option={option.id} />
                    ))}
                  </RadioGroup>
                </Field>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button appearance="primary" type="submit" disabled={!complete || running} icon={running ? <Spinner size="tiny" /> : undefined} data-testid="quiz-submit">
          Submit answers
        </Button>
        <Text className={styles.muted} aria-live="polite" data-testid="quiz-answered">
          {answered} of {quiz.questions.length} answered
        </Text>
      </div>
    </form>
  )
}

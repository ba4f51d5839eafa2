import { Button, Caption1, Field, Input, Select, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { Add20Regular, Dismiss20Regular } from '@fluentui/react-icons'
import { POLL_DURATIONS, POLL_OPTION_MAX, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_QUESTION_MAX } from '@shared/constants'
import { postLength, type PostProblems } from '@shared/rules/posts'
import { pollDurationLabel, type PollDraft } from './pollDraft'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  options: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  option: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  optionField: { flexGrow: 1 },
  counter: { color: tokens.colorNeutralForeground3, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  over: { color: tokens.colorPaletteRedForeground1 },
  problem: { color: tokens.colorPaletteRedForeground1 },
  duration: { maxWidth: '200px' }
})

function Counter({ text, max }: { text: string; max: number }) {
  const styles = useStyles()
  const length = postLength(text)
  return (
    <Caption1 className={mergeClasses(styles.counter, length > max && styles.over)}>
      {length}/{max}
    </Caption1>
  )
}

/**
 * The poll of a poll post (issue 6): LinkedIn's question of at most 140 characters, 2–4 options of
 * at most 30 and a duration. Nothing typed is cut off (a draft may hold more); counters and the
 * post's problems say what must change before it can be published.
 */
export function PollEditor(props: { value: PollDraft; onChange: (p: PollDraft) => void; problems: PostProblems; disabled?: boolean }) {
  const { value, onChange, problems, disabled = false } = props
  const styles = useStyles()
  const setOption = (index: number, text: string) => onChange({ ...value, options: value.options.map((o, i) => (i === index ? text : o)) })
  const removeOption = (index: number) => onChange({ ...value, options: value.options.filter((_, i) => i !== index) })

  return (
    <div className={styles.root} data-testid="poll-editor">
      <Field
        label="Poll question"
        validationState={problems.pollQuestion ? 'error' : 'none'}
        validationMessage={problems.pollQuestion}
        hint={<Counter text={value.question} max={POLL_QUESTION_MAX} />}
      >
        <Input
          value={value.question}
          placeholder="E.g., How do you commute to work?"
          disabled={disabled}
          onChange={(_, data) => onChange({ ...value, question: data.value })}
          data-testid="poll-question"
        />
      </Field>
      <div className={styles.options} role="group" aria-label="Poll options">
        {value.options.map((option, index) => {
          const tooLong = postLength(option) > POLL_OPTION_MAX
          return (
            <div key={index} className={styles.option}>
              <Field
                className={styles.optionField}
                label={`Option ${index + 1}`}
                validationState={tooLong ? 'error' : 'none'}
                hint={<Counter text={option} max={POLL_OPTION_MAX} />}
              >
                <Input value={option} disabled={disabled} onChange={(_, data) => setOption(index, data.value)} data-testid={`poll-option-${index + 1}`} />
              </Field>
              {value.options.length > POLL_OPTIONS_MIN ? (
                <Button
                  appearance="subtle"
                  icon={<Dismiss20Regular />}
                  aria-label={`Remove option ${index + 1}`}
                  disabled={disabled}
                  onClick={() => removeOption(index)}
                />
              ) : null}
            </div>
          )
        })}
        {problems.pollOptions ? (
          <Caption1 role="alert" className={styles.problem} data-testid="poll-options-problem">
            {problems.pollOptions}
          </Caption1>
        ) : null}
        {value.options.length < POLL_OPTIONS_MAX ? (
          <div>
            <Button appearance="subtle" icon={<Add20Regular />} disabled={disabled} onClick={() => onChange({ ...value, options: [...value.options, ''] })}>
              Add option
            </Button>
          </div>
        ) : null}
      </div>
      <Field label="Poll duration" className={styles.duration}>
        <Select value={String(value.durationDays)} disabled={disabled} onChange={(_, data) => onChange({ ...value, durationDays: Number(data.value) })}>
          {POLL_DURATIONS.map((days) => (
            <option key={days} value={days}>
              {pollDurationLabel(days)}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  )
}

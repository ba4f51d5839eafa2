import { useState } from 'react'
import { Field, Text, Textarea, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { MESSAGES } from '@shared/api/messages'
import { LINKEDIN_POST_MAX } from '@shared/constants'
import { postLength } from '@shared/rules/posts'

const useStyles = makeStyles({
  text: { '& textarea': { minHeight: '240px' } },
  // Below the textarea, never pulled up into it (a negative margin put the digits over its bottom border).
  counterRow: { display: 'flex', justifyContent: 'flex-end', marginTop: tokens.spacingVerticalXXS },
  counter: { color: tokens.colorNeutralForeground3, fontVariantNumeric: 'tabular-nums' },
  counterOver: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold }
})

interface PostTextFieldProps {
  text: string
  /** A reshare's text is the comment over the reshared post. */
  reshare: boolean
  /** What is wrong with the text (draftProblems). */
  problem: string | undefined
  readOnly: boolean
  onChange: (text: string) => void
}

/** The post's text (or a reshare's comment) with LinkedIn's character count under it. */
export function PostTextField({ text, reshare, problem, readOnly, onChange }: PostTextFieldProps) {
  const styles = useStyles()
  const [touched, setTouched] = useState(false)
  // An empty text is no error until the user has left the field.
  const shownProblem = problem === MESSAGES.postEmpty && !touched ? undefined : problem
  const length = postLength(text)
  const over = length > LINKEDIN_POST_MAX
  return (
    <div>
      <Field
        label={reshare ? 'Your comment' : 'Post text'}
        validationState={shownProblem ? 'error' : 'none'}
        validationMessage={shownProblem}
        className={styles.text}
      >
        <Textarea
          value={text}
          dir="auto"
          onChange={(_, d) => onChange(d.value)}
          onBlur={() => setTouched(true)}
          readOnly={readOnly}
          // Read-only looks it: filled, not the outline of a field waiting for typing.
          appearance={readOnly ? 'filled-darker' : 'outline'}
          resize="vertical"
          placeholder={reshare ? 'Add your own words to the post you reshare' : 'What do you want to talk about?'}
          data-testid="post-text"
        />
      </Field>
      <div className={styles.counterRow}>
        <Text className={mergeClasses(styles.counter, over && styles.counterOver)} data-testid="post-char-count">
          {`${length.toLocaleString('en-US')} / ${LINKEDIN_POST_MAX.toLocaleString('en-US')}`}
        </Text>
      </div>
    </div>
  )
}

import { Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components'
import {
  DocumentText20Regular,
  Image20Regular,
  Poll20Regular,
  TextDescription20Regular,
  Video20Regular,
  type FluentIcon
} from '@fluentui/react-icons'
import { POST_TYPE_CHOICES } from '@shared/constants'
import type { PostTypeChoice } from './postDraft'

const CHOICE_ICONS: Record<PostTypeChoice, FluentIcon> = {
  Text: TextDescription20Regular,
  'Add image': Image20Regular,
  'Add media': Video20Regular,
  'Add a document': DocumentText20Regular,
  'Create a poll': Poll20Regular
}

const useStyles = makeStyles({
  choices: { flexWrap: 'wrap' },
  choice: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS }
})

interface PostTypeChoicesProps {
  value: PostTypeChoice
  disabled: boolean
  onChange: (choice: PostTypeChoice) => void
}

/** The post type (spec §2's choices), each with its icon. */
export function PostTypeChoices({ value, disabled, onChange }: PostTypeChoicesProps) {
  const styles = useStyles()
  return (
    <RadioGroup
      value={value}
      onChange={(_, d) => onChange(d.value as PostTypeChoice)}
      layout="horizontal"
      disabled={disabled}
      aria-label="Post type"
      className={styles.choices}
      data-testid="post-type"
    >
      {POST_TYPE_CHOICES.map((choice) => {
        const Icon = CHOICE_ICONS[choice]
        return (
          <Radio
            key={choice}
            value={choice}
            label={
              <span className={styles.choice}>
                <Icon aria-hidden />
                {choice}
              </span>
            }
          />
        )
      })}
    </RadioGroup>
  )
}

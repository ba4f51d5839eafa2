import { useState } from 'react'
import { Field, Tab, TabList, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { Markdown } from './Markdown'

const useStyles = makeStyles({
  body: { minHeight: '300px', fontFamily: tokens.fontFamilyMonospace },
  preview: {
    minHeight: '300px',
    maxHeight: '60vh',
    overflowY: 'auto',
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium
  },
  muted: { color: tokens.colorNeutralForeground3 }
})

const MARKDOWN_HINT = 'Markdown: ## headings, **bold**, *italic*, - lists, [links](https://…). HTML is not shown.'

/**
 * Markdown written in a text box or previewed as readers see it (Write / Preview tabs): the
 * organization's lessons and its posting guideline. Test ids are `<testId>-write-tab`,
 * `-preview-tab`, `-body` and `-preview`.
 */
export function MarkdownEditor({
  label,
  value,
  onChange,
  validationMessage,
  required = false,
  maxLength,
  testId
}: {
  label: string
  value: string
  onChange: (value: string) => void
  validationMessage?: string
  required?: boolean
  maxLength?: number
  testId: string
}) {
  const styles = useStyles()
  const [view, setView] = useState<'write' | 'preview'>('write')
  return (
    <>
      <TabList selectedValue={view} onTabSelect={(_, d) => setView(d.value as 'write' | 'preview')} size="small" aria-label={`${label} text`}>
        <Tab value="write" data-testid={`${testId}-write-tab`}>
          Write
        </Tab>
        <Tab value="preview" data-testid={`${testId}-preview-tab`}>
          Preview
        </Tab>
      </TabList>
      {view === 'write' ? (
        <Field label={label} required={required} hint={MARKDOWN_HINT} validationMessage={validationMessage}>
          <Textarea
            textarea={{ className: styles.body }}
            value={value}
            onChange={(_, d) => onChange(d.value)}
            maxLength={maxLength}
            resize="vertical"
            dir="auto"
            data-testid={`${testId}-body`}
          />
        </Field>
      ) : (
        <div className={styles.preview} role="region" aria-label="Preview" dir="auto" data-testid={`${testId}-preview`}>
          {value.trim() ? <Markdown>{value}</Markdown> : <Text className={styles.muted}>Nothing to preview yet.</Text>}
        </div>
      )}
    </>
  )
}

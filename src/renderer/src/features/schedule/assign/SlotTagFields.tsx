import { Field, makeStyles, tokens } from '@fluentui/react-components'
import { MESSAGES } from '@shared/api/messages'
import { MultiPicker, type PickerOption } from '@renderer/components/MultiPicker'
import type { SlotForm } from './slotForm'
import type { SlotOptions } from './useSlotOptions'

const NO_RESULTS = 'No results found'
const NO_BUSINESS_TAGS = 'No business tags found.'

const useStyles = makeStyles({
  swatch: { width: '12px', height: '12px', borderRadius: tokens.borderRadiusCircular, display: 'inline-block' }
})

interface SlotTagFieldsProps {
  form: SlotForm
  set: <K extends keyof SlotForm>(key: K, value: SlotForm[K]) => void
  options: SlotOptions
  readOnly: boolean
}

/** The slot's topic tag (the member's), or with business pages chosen, its business post tag instead. */
export function SlotTagFields({ form, set, options, readOnly }: SlotTagFieldsProps) {
  const styles = useStyles()
  const withPages = form.pageIds.length > 0
  const tagOption = (t: { id: string; title: string; color: string }): PickerOption => ({
    value: t.id,
    label: t.title,
    media: <span className={styles.swatch} style={{ backgroundColor: t.color }} aria-hidden />
  })
  const noTags = form.userIds.length > 0 && !options.tagsLoading && options.tags.length === 0
  const tagHint = withPages
    ? 'A business page slot takes a business post tag instead.'
    : form.userIds.length === 0
      ? 'Choose a member first.'
      : noTags
        ? MESSAGES.noTagsForUser
        : undefined

  return (
    <>
      <Field label="Topic tag" hint={tagHint}>
        <MultiPicker
          options={options.tags.map(tagOption)}
          selected={!withPages && form.tagId ? [form.tagId] : []}
          onChange={(ids) => set('tagId', ids[0] ?? null)}
          label="Topic tag"
          placeholder="Choose a topic tag"
          noOptionsMessage={options.tagsLoading ? 'Loading tags…' : options.tags.length === 0 ? MESSAGES.noTagsForUser : NO_RESULTS}
          disabled={readOnly || withPages || form.userIds.length === 0}
          single
          data-testid="slot-tag"
        />
      </Field>
      {withPages ? (
        <Field label="Business post tag" hint={!options.businessTagsLoading && options.businessTags.length === 0 ? NO_BUSINESS_TAGS : undefined}>
          <MultiPicker
            options={options.businessTags.map(tagOption)}
            selected={form.businessTagId ? [form.businessTagId] : []}
            onChange={(ids) => set('businessTagId', ids[0] ?? null)}
            label="Business post tag"
            placeholder="Choose a business post tag"
            noOptionsMessage={options.businessTagsLoading ? 'Loading tags…' : NO_BUSINESS_TAGS}
            disabled={readOnly}
            single
            data-testid="slot-business-tag"
          />
        </Field>
      ) : null}
    </>
  )
}

import { Field, Input, Radio, RadioGroup, Switch, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { SLOT_AUDIENCE_MAX, SLOT_TEXT_MAX } from '@shared/api/contract'
import { MESSAGES } from '@shared/api/messages'
import { QuarterHourSelect } from '@renderer/components/QuarterHourSelect'
import type { PostType } from '@shared/domain'
import { MemberPicker } from '@renderer/components/MemberPicker'
import { MultiPicker, type PickerOption } from '@renderer/components/MultiPicker'
import { useSlotDialogStyles } from './slotDialogStyles'
import { POST_TYPE_OPTIONS, type SlotForm } from './slotForm'
import type { SlotOptions } from './useSlotOptions'
import { SlotRepeatFields } from './SlotRepeatFields'
import { SlotTagFields } from './SlotTagFields'
import { PersonAvatar } from '@renderer/components/PersonAvatar'

const NO_RESULTS = 'No results found'

const useStyles = makeStyles({
  // The bottom padding keeps the Content idea box off the Cancel / Assign row (the dialog body's own gap alone let them touch).
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingBottom: tokens.spacingVerticalM },
  // Start-aligned: a field with a hint must not stretch its neighbour's control.
  row: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', '> *': { flex: '1 1 140px' } },
  note: { color: tokens.colorNeutralForeground3 }
})

interface SlotFieldsProps {
  mode: 'create' | 'edit'
  /** The form as it stands against the options (SlotOptions.effective). */
  form: SlotForm
  set: <K extends keyof SlotForm>(key: K, value: SlotForm[K]) => void
  options: SlotOptions
  /** The assignable days, 'yyyy-MM-dd'. */
  dateWindow: { min: string; max: string }
  /** The day cannot be assigned: the field says so. */
  dateInvalid: boolean
  timeZone: string
  /** Everything is read-only (a slot the user may not change). */
  readOnly?: boolean
}

/**
 * The assign-slot fields (spec §2): Auto, members, business pages, date, time, recurrence, topic
 * tag or business post tag, post type, target audience and content idea. In edit mode the member
 * is single, Auto is not shown and the recurrence is read-only; the day and time show even for an
 * auto-assigned slot, which has both once it is made.
 */
export function SlotFields({ mode, form, set, options, dateWindow, dateInvalid, timeZone, readOnly = false }: SlotFieldsProps) {
  const styles = useStyles()
  const dialogStyles = useSlotDialogStyles()
  const edit = mode === 'edit'

  const pageOptions: PickerOption[] = options.pages.map((p) => ({
    value: p.id,
    label: p.linkedInCompanyName,
    media: <PersonAvatar name={p.linkedInCompanyName} image={p.image ? { src: p.image } : undefined} shape="square" size={24} color="colorful" />
  }))

  return (
    <div className={styles.fields}>
      {edit ? null : (
        <Switch
          label="Auto"
          checked={form.auto}
          onChange={(_, d) => set('auto', d.checked)}
          disabled={readOnly}
          data-testid="slot-auto"
        />
      )}
      <Field
        label={edit ? 'Member' : 'Members'}
        hint={options.locked ? 'You can assign slots to yourself only.' : undefined}
      >
        <MemberPicker
          members={options.members}
          selected={form.userIds}
          onChange={(ids) => set('userIds', ids)}
          label={edit ? 'Member' : 'Members'}
          single={edit}
          disabled={options.locked || readOnly}
          data-testid="slot-members"
        />
      </Field>
      <Field label="Business pages" hint="Optional. Members must be linked to every chosen page.">
        <MultiPicker
          options={pageOptions}
          selected={form.pageIds}
          onChange={(ids) => set('pageIds', ids)}
          label="Business pages"
          placeholder="Search business pages"
          noOptionsMessage={NO_RESULTS}
          disabled={readOnly}
          data-testid="slot-pages"
        />
      </Field>
      {form.auto && !edit ? (
        // Auto mode sends tomorrow; the server picks the member and the hour (spec §5).
        <Text className={styles.note} data-testid="slot-auto-note">
          Auto assigns one of the chosen members, tomorrow, at a time that suits their posting history.
        </Text>
      ) : (
        <div className={styles.row}>
          <Field
            label="Date"
            validationState={dateInvalid ? 'error' : 'none'}
            validationMessage={dateInvalid ? MESSAGES.slotDateOutsideWindow : undefined}
          >
            <Input
              type="date"
              value={form.date}
              min={dateWindow.min}
              max={dateWindow.max}
              onChange={(_, d) => set('date', d.value)}
              // The picker's clear ('Cancel') leaves the field empty: it goes back to tomorrow (spec §5).
              onBlur={() => (form.date === '' ? set('date', dateWindow.min) : undefined)}
              disabled={readOnly}
              data-testid="slot-date"
            />
          </Field>
          <Field label="Time" hint={`In your timezone (${timeZone}).`}>
            <QuarterHourSelect value={form.time} onChange={(time) => set('time', time)} disabled={readOnly} data-testid="slot-time" />
          </Field>
        </div>
      )}
      <SlotRepeatFields form={form} set={set} disabled={edit || readOnly} />
      <SlotTagFields form={form} set={set} options={options} readOnly={readOnly} />
      <Field label="Post type">
        <RadioGroup
          value={form.postType}
          onChange={(_, d) => set('postType', d.value as PostType)}
          layout="horizontal"
          className={dialogStyles.choices}
          disabled={readOnly}
          aria-label="Post type"
          data-testid="slot-post-type"
        >
          {POST_TYPE_OPTIONS.map((o) => (
            <Radio key={o.value} value={o.value} label={o.label} data-testid={`slot-post-type-${o.value}`} />
          ))}
        </RadioGroup>
      </Field>
      <Field label="Target audience">
        <Input
          value={form.targetAudience}
          onChange={(_, d) => set('targetAudience', d.value)}
          maxLength={SLOT_AUDIENCE_MAX}
          placeholder="Who is this post for?"
          disabled={readOnly}
          data-testid="slot-audience"
        />
      </Field>
      <Field label="Content idea">
        <Textarea
          value={form.comment}
          onChange={(_, d) => set('comment', d.value)}
          maxLength={SLOT_TEXT_MAX}
          placeholder="What should the post be about?"
          resize="vertical"
          disabled={readOnly}
          data-testid="slot-idea"
        />
      </Field>
    </div>
  )
}

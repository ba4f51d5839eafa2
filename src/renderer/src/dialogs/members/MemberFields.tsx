import { useMemo } from 'react'
import { Field, Input, Switch } from '@fluentui/react-components'
import { useOrganization } from '@renderer/api/organization'
import { usePostTags } from '@renderer/api/postTags'
import { MultiPicker } from '@renderer/components/MultiPicker'
import { BLOCKED_TARGET_KEYS, sanitizeTarget, type MemberForm } from './memberForm'

const NO_RESULTS = 'No results found'

interface MemberFieldsProps {
  values: MemberForm
  set: <K extends keyof MemberForm>(key: K, value: MemberForm[K]) => void
}

/** The monthly target and the review-flow switch: both wait until an invited member has joined. */
export function MemberTargetFields({ values, set, invited, reviewFlowMissing }: MemberFieldsProps & { invited: boolean; reviewFlowMissing: boolean }) {
  return (
    <>
      <Field label="Monthly target posts" hint={invited ? 'Available once they have joined.' : undefined}>
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={values.numberOfPosts}
          disabled={invited}
          onKeyDown={(event) => {
            if (BLOCKED_TARGET_KEYS.has(event.key)) event.preventDefault()
          }}
          onChange={(_, d) => set('numberOfPosts', sanitizeTarget(d.value))}
          data-testid="member-target"
        />
      </Field>
      <Field hint={reviewFlowMissing ? 'Your plan does not include the review flow: this takes effect once it does.' : undefined}>
        <Switch
          label="Review flow: posts need approval before they are published"
          checked={values.userApprovalFlow}
          disabled={invited}
          onChange={(_, d) => set('userApprovalFlow', d.checked)}
          data-testid="member-review-flow"
        />
      </Field>
    </>
  )
}

/** The member's topic tags and business pages, chosen among the organization's. */
export function MemberTagsAndPages({ values, set }: MemberFieldsProps) {
  const postTags = usePostTags()
  const organization = useOrganization()
  const tagOptions = useMemo(() => (postTags.data ?? []).map((t) => ({ value: t.id, label: t.title, secondary: t.description ?? undefined })), [postTags.data])
  const pageOptions = useMemo(
    () => (organization.data?.organizationBusinessPages ?? []).map((p) => ({ value: p.id, label: p.linkedInCompanyName })),
    [organization.data]
  )

  return (
    <>
      <Field label="Topic tags">
        <MultiPicker
          options={tagOptions}
          selected={values.postTags}
          onChange={(ids) => set('postTags', ids)}
          label="Topic tags"
          placeholder="Choose topic tags"
          noOptionsMessage={NO_RESULTS}
          data-testid="member-tags"
        />
      </Field>
      <Field label="Business pages">
        <MultiPicker
          options={pageOptions}
          selected={values.businessPages}
          onChange={(ids) => set('businessPages', ids)}
          label="Business pages"
          placeholder="Choose business pages"
          noOptionsMessage={NO_RESULTS}
          data-testid="member-pages"
        />
      </Field>
    </>
  )
}

import { useMemo } from 'react'
import { Button, Field, Select, makeStyles, tokens } from '@fluentui/react-components'
import { Dismiss16Regular } from '@fluentui/react-icons'
import { postStatusSchema, postTypeSchema, slotStatusSchema } from '@shared/domain'
import { useAllMembers } from '@renderer/api/members'
import { useOrganization } from '@renderer/api/organization'
import { useTeams } from '@renderer/api/teams'
import { memberName } from '@renderer/components/memberOptions'
import { POST_STATUS_LABELS, POST_TYPE_LABELS, SLOT_STATUS_LABELS } from './entries'
import { hasFilters, type FilterName, type ScheduleFilters as Filters } from './scheduleState'

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  field: { minWidth: '150px', maxWidth: '220px' },
  // A native select is as wide as its longest option (a very long member name) unless told to shrink:
  // it keeps to its field and cuts the chosen name with an ellipsis.
  select: { minWidth: 0, width: '100%', '& select': { minWidth: 0, textOverflow: 'ellipsis' } }
})

/**
 * The Plan's filters (spec §7: status, type, accountId; and team). A member and a business page
 * are both an account, so choosing one clears the other.
 */
export function ScheduleFilters({
  filters,
  onChange,
  showPostStatuses
}: {
  filters: Filters
  onChange: (changes: Partial<Record<FilterName, string | null>>) => void
  /** Post statuses are offered once posts appear in the Plan (or one is already chosen). */
  showPostStatuses: boolean
}) {
  const styles = useStyles()
  const members = useAllMembers()
  const teams = useTeams()
  const organization = useOrganization()
  const pages = useMemo(() => organization.data?.organizationBusinessPages ?? [], [organization.data])
  const activeMembers = useMemo(
    () => (members.data ?? []).filter((m) => m.status === 'ACTIVE').sort((a, b) => memberName(a).localeCompare(memberName(b))),
    [members.data]
  )
  const accountIsPage = filters.accountId !== undefined && pages.some((p) => p.id === filters.accountId)
  const memberValue = filters.accountId !== undefined && !accountIsPage ? filters.accountId : ''
  const pageValue = accountIsPage ? filters.accountId! : ''
  const postStatusChosen = postStatusSchema.options.some((s) => s === filters.status)

  return (
    <div className={styles.root} role="group" aria-label="Filters" data-testid="schedule-filters">
      <Field label="Member" size="small" className={styles.field}>
        <Select size="small" className={styles.select} value={memberValue} onChange={(_, data) => onChange({ accountId: data.value || null })} data-testid="filter-member">
          <option value="">All members</option>
          {memberValue && !activeMembers.some((m) => m.id === memberValue) ? <option value={memberValue}>Chosen member</option> : null}
          {activeMembers.map((m) => (
            <option key={m.id} value={m.id}>
              {memberName(m)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Team" size="small" className={styles.field}>
        <Select size="small" className={styles.select} value={filters.teamId ?? ''} onChange={(_, data) => onChange({ teamId: data.value || null })} data-testid="filter-team">
          <option value="">All teams</option>
          {filters.teamId && !teams.data?.some((t) => t.id === filters.teamId) ? <option value={filters.teamId}>Chosen team</option> : null}
          {(teams.data ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </Select>
      </Field>
      {pages.length > 0 || accountIsPage ? (
        <Field label="Business page" size="small" className={styles.field}>
          <Select size="small" className={styles.select} value={pageValue} onChange={(_, data) => onChange({ accountId: data.value || null })} data-testid="filter-page">
            <option value="">All pages</option>
            {pages.map((p) => (
              <option key={p.id} value={p.id}>
                {p.linkedInCompanyName}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <Field label="Status" size="small" className={styles.field}>
        <Select size="small" className={styles.select} value={filters.status ?? ''} onChange={(_, data) => onChange({ status: data.value || null })} data-testid="filter-status">
          <option value="">All statuses</option>
          {showPostStatuses || postStatusChosen ? (
            <>
              <optgroup label="Slots">
                {slotStatusSchema.options.map((s) => (
                  <option key={s} value={s}>
                    {SLOT_STATUS_LABELS[s]}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Posts">
                {postStatusSchema.options.map((s) => (
                  <option key={s} value={s}>
                    {POST_STATUS_LABELS[s]}
                  </option>
                ))}
              </optgroup>
            </>
          ) : (
            slotStatusSchema.options.map((s) => (
              <option key={s} value={s}>
                {SLOT_STATUS_LABELS[s]}
              </option>
            ))
          )}
        </Select>
      </Field>
      <Field label="Type" size="small" className={styles.field}>
        <Select size="small" className={styles.select} value={filters.type ?? ''} onChange={(_, data) => onChange({ type: data.value || null })} data-testid="filter-type">
          <option value="">All types</option>
          {postTypeSchema.options.map((t) => (
            <option key={t} value={t}>
              {POST_TYPE_LABELS[t]}
            </option>
          ))}
        </Select>
      </Field>
      {hasFilters(filters) ? (
        <Button
          size="small"
          appearance="subtle"
          icon={<Dismiss16Regular />}
          onClick={() => onChange({ accountId: null, teamId: null, status: null, type: null })}
          data-testid="filter-clear"
        >
          Clear filters
        </Button>
      ) : null}
    </div>
  )
}

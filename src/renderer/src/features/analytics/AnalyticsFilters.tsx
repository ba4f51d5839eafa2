import { useMemo } from 'react'
import { Field, SearchBox, Select, makeStyles, tokens } from '@fluentui/react-components'
import { postTypeSchema, type Member, type User } from '@shared/domain'
import { isAdmin, isTeamLeader } from '@shared/rules'
import { useAllMembers } from '@renderer/api/members'
import { useOrganization } from '@renderer/api/organization'
import { usePostTags } from '@renderer/api/postTags'
import { useTeams } from '@renderer/api/teams'
import { memberName } from '@renderer/components/memberOptions'
import { POST_TYPE_LABELS } from '@renderer/lib/postTypeLabels'
import type { AnalyticsFilters as Filters, FilterName } from './analyticsState'

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, minWidth: 0 },
  field: { minWidth: '150px', maxWidth: '220px' },
  search: { minWidth: '180px', maxWidth: '280px', flexGrow: 1 },
  // A native select is as wide as its longest option unless told to shrink (see the Plan's filters).
  select: { minWidth: 0, width: '100%', '& select': { minWidth: 0, textOverflow: 'ellipsis' } }
})

/** Which filters the viewer's scope gives a meaning to (issue 14: a member sees their own posts). */
interface FilterScope {
  /** Admins: every member; leaders: their teams' members; members: none (only their own posts). */
  member: boolean
  team: boolean
}

export function filterScope(user: Pick<User, 'userOrgSettings' | 'leadingTeams'>): FilterScope {
  const wide = isAdmin(user) || isTeamLeader(user)
  return { member: wide, team: wide }
}

/** The members a leader (or an admin) can filter by: admins everyone active, leaders their teams' members. */
function visibleMembers(members: readonly Member[], user: Pick<User, 'userOrgSettings' | 'leadingTeams'>): Member[] {
  const led = new Set(user.leadingTeams.map((t) => t.id))
  return members
    .filter((m) => m.status === 'ACTIVE' && (isAdmin(user) || m.teams.some((t) => led.has(t.id))))
    .sort((a, b) => memberName(a).localeCompare(memberName(b)))
}

interface AnalyticsFiltersProps {
  user: User
  filters: Filters
  /** The search box's text as typed (the address follows it after a pause). */
  search: string
  onSearch: (text: string) => void
  onChange: (changes: Partial<Record<FilterName, string | null>>) => void
}

/** Member, team, business page, post type, topic tag and search: only those the viewer's scope has. */
export function AnalyticsFilters({ user, filters, search, onSearch, onChange }: AnalyticsFiltersProps) {
  const styles = useStyles()
  const scope = filterScope(user)
  const members = useAllMembers({ enabled: scope.member })
  const teams = useTeams({ enabled: scope.team })
  const organization = useOrganization()
  const tags = usePostTags()
  const pages = organization.data?.organizationBusinessPages ?? []
  const memberOptions = useMemo(() => visibleMembers(members.data ?? [], user), [members.data, user])
  const teamOptions = useMemo(
    () => (teams.data ?? []).filter((t) => isAdmin(user) || isTeamLeader(user, t.id)),
    [teams.data, user]
  )

  return (
    <div className={styles.root} role="group" aria-label="Filters" data-testid="analytics-filters">
      <Field label="Search" size="small" className={styles.search}>
        <SearchBox
          size="small"
          placeholder="Post text or author"
          value={search}
          onChange={(_, data) => onSearch(data.value)}
          data-testid="analytics-search"
        />
      </Field>
      {scope.member ? (
        <Field label="Member" size="small" className={styles.field}>
          <Select size="small" className={styles.select} value={filters.memberId ?? ''} onChange={(_, data) => onChange({ memberId: data.value || null })} data-testid="analytics-filter-member">
            <option value="">All members</option>
            {filters.memberId && !memberOptions.some((m) => m.id === filters.memberId) ? <option value={filters.memberId}>Chosen member</option> : null}
            {memberOptions.map((m) => (
              <option key={m.id} value={m.id}>
                {memberName(m)}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      {scope.team ? (
        <Field label="Team" size="small" className={styles.field}>
          <Select size="small" className={styles.select} value={filters.teamId ?? ''} onChange={(_, data) => onChange({ teamId: data.value || null })} data-testid="analytics-filter-team">
            <option value="">All teams</option>
            {filters.teamId && !teamOptions.some((t) => t.id === filters.teamId) ? <option value={filters.teamId}>Chosen team</option> : null}
            {teamOptions.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      {pages.length > 0 || filters.businessPageId ? (
        <Field label="Business page" size="small" className={styles.field}>
          <Select size="small" className={styles.select} value={filters.businessPageId ?? ''} onChange={(_, data) => onChange({ businessPageId: data.value || null })} data-testid="analytics-filter-page">
            <option value="">All pages</option>
            {filters.businessPageId && !pages.some((p) => p.id === filters.businessPageId) ? <option value={filters.businessPageId}>Chosen page</option> : null}
            {pages.map((p) => (
              <option key={p.id} value={p.id}>
                {p.linkedInCompanyName}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <Field label="Type" size="small" className={styles.field}>
        <Select size="small" className={styles.select} value={filters.type ?? ''} onChange={(_, data) => onChange({ type: data.value || null })} data-testid="analytics-filter-type">
          <option value="">All types</option>
          {postTypeSchema.options.map((t) => (
            <option key={t} value={t}>
              {POST_TYPE_LABELS[t]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Topic tag" size="small" className={styles.field}>
        <Select size="small" className={styles.select} value={filters.tagId ?? ''} onChange={(_, data) => onChange({ tagId: data.value || null })} data-testid="analytics-filter-tag">
          <option value="">All topic tags</option>
          {filters.tagId && !tags.data?.some((t) => t.id === filters.tagId) ? <option value={filters.tagId}>Chosen topic tag</option> : null}
          {(tags.data ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  )
}

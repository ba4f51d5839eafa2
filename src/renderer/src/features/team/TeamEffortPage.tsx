import { Suspense, lazy, useCallback, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Badge, Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components'
import { Add20Regular } from '@fluentui/react-icons'
import type { EffortMember, EffortTeam, User } from '@shared/domain'
import { isAdmin, isTeamLeader } from '@shared/rules'
import { monthOf } from '@shared/rules/periods'
import { useTeamEffort } from '@renderer/api/teamEffort'
import { useUser } from '@renderer/api/user'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { CardsSkeleton, ListSkeleton } from '@renderer/components/Skeletons'
import { useNewTeam } from '@renderer/dialogs/teams/useNewTeam'
import { useNow } from '@renderer/hooks/useNow'
import { userTimeZone } from '@renderer/lib/timeZone'
import { percent, rankedTeams } from './effortFormat'
import { Leaderboard } from './Leaderboard'
import { MemberTable } from './MemberTable'
import { MonthPicker } from './MonthPicker'
import { SsiTrendCard } from './SsiTrendCard'
import { monthFromAddress, monthLabel } from './months'
import { PersonAvatar } from '@renderer/components/PersonAvatar'

const TeamDialog = lazy(async () => ({ default: (await import('@renderer/dialogs/teams/TeamDialog')).TeamDialog }))

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '1200px', minWidth: 0 },
  toolbar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  card: { padding: tokens.spacingHorizontalL, minWidth: 0 },
  teams: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  teamHeader: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', minWidth: 0 },
  apart: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
  // The previous month stays while the next loads.
  stale: { opacity: 0.6 }
})

interface TeamCardProps {
  effort: EffortTeam
  month: string
  nudgeable: (member: EffortMember) => boolean
  /** Admins see every team's members; anyone else only their own team's (the others' totals only). */
  admin: boolean
}

function TeamCard({ effort, month, nudgeable, admin }: TeamCardProps) {
  const styles = useStyles()
  const { team } = effort
  const totals = effort.target > 0 ? `${effort.published} / ${effort.target} posts` : `${effort.published} posts`
  return (
    <Card className={styles.card} data-testid={`effort-team-${team.id}`}>
      <CardHeader
        image={<PersonAvatar shape="square" name={team.name} image={team.previewURL ? { src: team.previewURL } : undefined} size={40} color="colorful" />}
        header={
          <span className={styles.teamHeader}>
            <Text as="h2" weight="semibold" size={500}>
              {team.name}
            </Text>
            {effort.rank !== null ? (
              <Badge appearance="tint" data-testid="effort-team-rank">
                #{effort.rank}
              </Badge>
            ) : null}
          </span>
        }
        description={
          <Text className={styles.muted} data-testid="effort-team-totals">
            {totals}
            {effort.shareOfTarget !== null ? ` · ${percent(effort.shareOfTarget)} of target` : ''}
          </Text>
        }
      />
      {effort.members.length > 0 ? (
        <MemberTable members={effort.members} month={month} nudgeable={nudgeable} label={`${team.name} members`} data-testid="effort-members" />
      ) : effort.withoutTarget.length > 0 ? null : (
        <Text className={styles.muted} data-testid="effort-members-hidden">
          {admin ? 'No active members.' : 'Only the team’s members and admins see each member’s month.'}
        </Text>
      )}
      {effort.withoutTarget.length > 0 ? (
        <section className={styles.apart} aria-label={`${team.name}: no monthly target`} data-testid="effort-without-target">
          <Text weight="semibold">No monthly target</Text>
          <MemberTable members={effort.withoutTarget} month={month} nudgeable={() => false} label={`${team.name} members without a monthly target`} />
        </section>
      ) : null}
    </Card>
  )
}

/** No team yet: admins create one here (the New Team dialog), everyone else asks an admin. */
function NoTeams({ user }: { user: User }) {
  const admin = isAdmin(user)
  const [creating, setCreating] = useState(false)
  const newTeam = useNewTeam(
    useCallback(() => setCreating(true), []),
    { enabled: admin }
  )
  return (
    <>
      <EmptyState
        message="No teams yet"
        hint={admin ? 'Teams bring members together; each member’s monthly target counts towards their team.' : 'Ask your admin to add you to a team'}
        action={admin ? { label: 'Create a team', icon: <Add20Regular />, onClick: newTeam.start, 'data-testid': 'effort-create-team' } : undefined}
        data-testid="effort-empty"
      />
      {creating ? (
        <Suspense fallback={null}>
          <TeamDialog open team={null} onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
    </>
  )
}

/**
 * Team effort (/team): one month (?month=YYYY-MM, this month in the viewer's time zone by default)
 * of every team against its members' monthly targets, teams ranked by share of target reached.
 * Leaders and admins nudge a member who is behind this month.
 */
export default function TeamEffortPage() {
  const styles = useStyles()
  const user = useUser()
  const now = useNow()
  const [params, setParams] = useSearchParams()
  const timeZone = user.data ? userTimeZone(user.data) : null
  const admin = user.data ? isAdmin(user.data) : false
  const current = timeZone ? monthOf(now, timeZone) : null
  const month = current ? monthFromAddress(params.get('month'), current) : null
  const effort = useTeamEffort(month, timeZone)

  const setMonth = (next: string) =>
    setParams((prev) => {
      const updated = new URLSearchParams(prev)
      updated.set('month', next)
      return updated
    })

  const data = effort.data
  const nudgeable = (teamId: string) => (member: EffortMember) => month === current && member.behind && (data?.canNudge.includes(teamId) ?? false)
  const ranked = data ? rankedTeams(data.teams) : []

  return (
    <div className={styles.page} data-testid="team-effort-page">
      <div className={styles.toolbar}>
        <Text as="h1" size={600} weight="semibold" data-testid="effort-month-title">
          {month ? monthLabel(month) : ''}
        </Text>
        {month && current ? <MonthPicker month={month} current={current} onChange={setMonth} /> : null}
      </div>
      {user.isError || effort.isError ? <ErrorState onRetry={() => void (user.isError ? user.refetch() : effort.refetch())} /> : null}
      {!data && !effort.isError && !user.isError ? (
        <>
          <ListSkeleton label="Loading the leaderboard…" rows={3} />
          <CardsSkeleton label="Loading teams…" cards={2} />
        </>
      ) : null}
      {data && user.data ? (
        <div className={effort.isPlaceholderData ? styles.stale : undefined} aria-busy={effort.isPlaceholderData} data-testid="effort-content">
          {data.teams.length === 0 ? (
            <NoTeams user={user.data} />
          ) : (
            <div className={styles.teams}>
              <Card className={styles.card}>
                <CardHeader header={<Text as="h2" weight="semibold" size={500}>Leaderboard</Text>} description={<Text className={styles.muted}>Share of monthly targets reached</Text>} />
                <Leaderboard teams={ranked} />
              </Card>
              {ranked.map((t) => (
                <TeamCard key={t.team.id} effort={t} month={data.month} nudgeable={nudgeable(t.team.id)} admin={admin} />
              ))}
            </div>
          )}
          {data.unassigned.length > 0 ? (
            <Card className={styles.card} data-testid="effort-unassigned">
              <CardHeader header={<Text as="h2" weight="semibold" size={500}>Not in a team</Text>} description={<Text className={styles.muted}>Active members in no team</Text>} />
              <MemberTable members={data.unassigned} month={data.month} nudgeable={() => false} label="Members in no team" />
            </Card>
          ) : null}
        </div>
      ) : null}
      {user.data && (admin || isTeamLeader(user.data)) ? <SsiTrendCard /> : null}
    </div>
  )
}

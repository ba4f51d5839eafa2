import { useCallback, useMemo, useState } from 'react'
import {
  AvatarGroup,
  AvatarGroupItem,
  AvatarGroupPopover,
  Badge,
  Button,
  Caption1,
  Card,
  CardHeader,
  Text,
  makeStyles,
  partitionAvatarGroupItems,
  tokens
} from '@fluentui/react-components'
import { Add20Regular, Delete20Regular, Edit20Regular } from '@fluentui/react-icons'
import type { Team } from '@shared/domain'
import { useAiTemplates } from '@renderer/api/aiTemplates'
import { useDeleteTeam, useTeams } from '@renderer/api/teams'
import { useNotify } from '@renderer/lib/toasts'
import { CONFIRM_TEXTS } from '@renderer/components/ConfirmDialog'
import { DeleteConfirm } from '@renderer/components/DeleteConfirm'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { failureToast } from '@renderer/lib/failureToast'
import { TeamDialog } from '@renderer/dialogs/teams/TeamDialog'
import { useNewTeam } from '@renderer/dialogs/teams/useNewTeam'
import { PersonAvatar } from '@renderer/components/PersonAvatar'
import { initialsOf } from '@renderer/lib/initials'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  spacer: { flexGrow: 1 },
  grid: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    gap: tokens.spacingHorizontalL
  },
  card: { height: '100%', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  image: { width: '48px', height: '48px', borderRadius: tokens.borderRadiusMedium, objectFit: 'cover' },
  row: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  muted: { color: tokens.colorNeutralForeground3 },
  badges: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, marginTop: 'auto' }
})

/** At most this many faces per card; the rest sit behind the '+N' overflow (big teams stay light). */
const FACES = 6

function People({ people, label }: { people: Team['members']; label: string }) {
  const { inlineItems, overflowItems } = partitionAvatarGroupItems({ items: people, maxInlineItems: FACES })
  if (people.length === 0) return <Caption1>No team member found</Caption1>
  return (
    <AvatarGroup layout="stack" size={28} aria-label={label}>
      {inlineItems.map((p) => (
        <AvatarGroupItem key={p.id} name={p.fullName} initials={initialsOf(p.fullName)} image={p.image ? { src: p.image } : undefined} />
      ))}
      {overflowItems ? (
        <AvatarGroupPopover>
          {overflowItems.map((p) => (
            <AvatarGroupItem key={p.id} name={p.fullName} initials={initialsOf(p.fullName)} image={p.image ? { src: p.image } : undefined} />
          ))}
        </AvatarGroupPopover>
      ) : null}
    </AvatarGroup>
  )
}

function TeamCard({ team, templateName, canDelete, onEdit, onDelete }: { team: Team; templateName: string | null; canDelete: boolean; onEdit: () => void; onDelete: () => void }) {
  const styles = useStyles()
  return (
    <Card className={styles.card} data-testid={`team-card-${team.name}`}>
      <CardHeader
        image={
          team.previewURL ? (
            <img className={styles.image} src={team.previewURL} alt="" data-testid="team-card-image" />
          ) : (
            <PersonAvatar name={team.name} shape="square" size={48} color="colorful" />
          )
        }
        header={<Text weight="semibold">{team.name}</Text>}
        description={<Caption1 className={styles.muted}>{`${team.members.length} ${team.members.length === 1 ? 'member' : 'members'}`}</Caption1>}
      />
      <div className={styles.row}>
        <Caption1 className={styles.muted}>Leaders</Caption1>
        <Text data-testid="team-card-leaders">{team.teamLeaders.map((l) => l.fullName).join(', ') || '—'}</Text>
      </div>
      <div className={styles.row}>
        <Caption1 className={styles.muted}>Members</Caption1>
        <People people={team.members} label={`Members of ${team.name}`} />
      </div>
      <div className={styles.badges}>
        {team.requireTag ? <Badge appearance="tint">Topic tag required</Badge> : null}
        {templateName ? <Badge appearance="tint" color="informative">{templateName}</Badge> : null}
      </div>
      <div className={styles.actions}>
        <Button icon={<Edit20Regular />} onClick={onEdit} aria-label={`Edit ${team.name}`} data-testid="team-edit">
          Edit
        </Button>
        {canDelete ? (
          <Button appearance="subtle" icon={<Delete20Regular />} onClick={onDelete} aria-label={`Delete ${team.name}`} data-testid="team-delete">
            Delete
          </Button>
        ) : null}
      </div>
    </Card>
  )
}

/**
 * The teams as cards (image, leaders, members). Admins create, edit and delete teams; a team
 * leader sees and edits only the teams they lead (`onlyTeamIds`).
 */
export function TeamsSection({ admin, onlyTeamIds }: { admin: boolean; onlyTeamIds?: readonly string[] }) {
  const styles = useStyles()
  const notify = useNotify()
  const teams = useTeams()
  const templates = useAiTemplates({ enabled: admin })
  const remove = useDeleteTeam()
  const [dialog, setDialog] = useState<{ team: Team | null } | null>(null)
  const [deleting, setDeleting] = useState<Team | null>(null)
  const openNew = useCallback(() => setDialog({ team: null }), [])
  const newTeam = useNewTeam(openNew, { enabled: admin })

  const shown = useMemo(
    () => (teams.data ?? []).filter((t) => onlyTeamIds === undefined || onlyTeamIds.includes(t.id)),
    [teams.data, onlyTeamIds]
  )
  const templateNames = useMemo(() => new Map((templates.data ?? []).map((t) => [t.id, t.templateName])), [templates.data])

  const deleteTeam = async () => {
    if (!deleting) return
    const name = deleting.name
    await remove.mutateAsync(deleting.id)
    notify({ title: 'Team deleted ✅', body: `${name} has been deleted.` })
  }

  return (
    <section className={styles.root} aria-label="Teams" data-testid="teams-section">
      <div className={styles.toolbar}>
        <Caption1 className={styles.muted}>{teams.isSuccess ? `${shown.length} ${shown.length === 1 ? 'team' : 'teams'}` : ''}</Caption1>
        <span className={styles.spacer} />
        {admin ? (
          <Button appearance="primary" icon={<Add20Regular />} onClick={newTeam.start} data-testid="new-team">
            New team
          </Button>
        ) : null}
      </div>
      {teams.isPending ? <LoadingState inline shape="cards" label="Loading teams…" /> : null}
      {teams.isError ? <ErrorState onRetry={() => void teams.refetch()} /> : null}
      {teams.isSuccess && shown.length === 0 ? (
        <EmptyState
          message="No results found"
          hint={admin ? 'Teams bring members together with leaders who approve their posts.' : undefined}
          action={admin ? { label: 'Create a team', icon: <Add20Regular />, onClick: newTeam.start, 'data-testid': 'teams-empty-create' } : undefined}
        />
      ) : null}
      {shown.length > 0 ? (
        <ul className={styles.grid}>
          {shown.map((team) => (
            <li key={team.id}>
              <TeamCard
                team={team}
                templateName={team.aISettingTemplateId ? (templateNames.get(team.aISettingTemplateId) ?? null) : null}
                canDelete={admin}
                onEdit={() => setDialog({ team })}
                onDelete={() => setDeleting(team)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <TeamDialog open={dialog !== null} team={dialog?.team ?? null} onClose={() => setDialog(null)} />
      <DeleteConfirm
        open={deleting !== null}
        {...CONFIRM_TEXTS.deleteTeam(deleting?.name ?? '')}
        onDelete={deleteTeam}
        onError={(error) => notify(failureToast('Team not deleted ⚠️', error))}
        onClose={() => setDeleting(null)}
        data-testid="delete-team-dialog"
      />
    </section>
  )
}

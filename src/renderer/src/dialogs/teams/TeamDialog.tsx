import { useEffect, useMemo } from 'react'
import { Field, Image, Input, Select, Switch, makeStyles, tokens } from '@fluentui/react-components'
import { MESSAGES } from '@shared/api/messages'
import type { Member, Team } from '@shared/domain'
import { useAiTemplates } from '@renderer/api/aiTemplates'
import { isApiError } from '@renderer/api/client'
import { useAllMembers } from '@renderer/api/members'
import { useSaveTeam } from '@renderer/api/teams'
import { useNotify } from '@renderer/lib/toasts'
import { FilePicker } from '@renderer/components/FilePicker'
import { FormDialog, useFormDialog, type Submission } from '@renderer/components/FormDialog'
import { MemberPicker } from '@renderer/components/MemberPicker'
import { teamMemberOptions, type PickableMember } from '@renderer/components/memberOptions'
import { failureToast } from '@renderer/lib/failureToast'
import { isImageFile, toUploadFile } from '@renderer/lib/files'
import { TEAM_ALERTS, canSaveTeam, initialTeamForm, teamFormInput, teamFormProblem, type TeamForm } from './teamForm'

const useStyles = makeStyles({
  surface: { maxWidth: '600px', width: '100%' },
  image: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  preview: { width: '64px', height: '64px', borderRadius: tokens.borderRadiusMedium, objectFit: 'cover' }
})

/** The team's own members as picker entries, for when the organization's list cannot be read. */
function teamAsMembers(team: Team | null): PickableMember[] {
  if (!team) return []
  const leaders = new Set(team.teamLeaders.map((l) => l.id))
  return [...team.members, ...team.teamLeaders.filter((l) => !team.members.some((m) => m.id === l.id))].map((m) => ({
    id: m.id,
    fullName: m.fullName,
    email: '',
    image: m.image,
    status: 'ACTIVE' as const,
    teams: [{ id: team.id, name: team.name, isLeader: leaders.has(m.id) }]
  }))
}

interface ChosenImage {
  file: File
  /** An object URL for the preview, revoked when another file is chosen or the dialog closes. */
  url: string
}

/**
 * The form with its image, so choosing or removing one makes the form dirty and a new submission
 * (a retry keeps its idempotency key only while nothing changed).
 */
interface TeamValues extends TeamForm {
  image: ChosenImage | null
  /** The saved image was removed and nothing chosen instead. */
  imageRemoved: boolean
}

interface TeamDialogProps {
  open: boolean
  /** The team to edit; null creates one. */
  team: Team | null
  onClose: () => void
}

/** The Create/Edit team dialog (spec §2, §5, §7). Mounted per open so it starts from the saved team. */
export function TeamDialog({ open, team, onClose }: TeamDialogProps) {
  return open ? <TeamDialogContent key={team?.id ?? 'new'} team={team} onClose={onClose} /> : null
}

function TeamDialogContent({ team, onClose }: { team: Team | null; onClose: () => void }) {
  const styles = useStyles()
  const notify = useNotify()
  const members = useAllMembers()
  const templates = useAiTemplates()
  const save = useSaveTeam()
  const mode = team ? 'edit' : 'create'
  const initial = useMemo<TeamValues>(() => ({ ...initialTeamForm(team), image: null, imageRemoved: false }), [team])
  const form = useFormDialog({ initial, onClose })
  const { values, set } = form
  const chosen = values.image
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen])
  const image = chosen?.file ?? null
  const preview = chosen?.url ?? null

  const everyone: readonly PickableMember[] = members.isSuccess ? members.data : teamAsMembers(team)
  const memberOptions = useMemo(() => teamMemberOptions(everyone, team?.id ?? null), [everyone, team])
  const leaderOptions = useMemo(() => {
    const byId = new Map<string, PickableMember | Member>(everyone.map((m) => [m.id, m]))
    const ids = [...values.members, ...values.teamLeaders.filter((id) => !values.members.includes(id))]
    return ids.map((id) => byId.get(id)).filter((m): m is PickableMember => m !== undefined)
  }, [everyone, values.members, values.teamLeaders])

  const currentImageName = values.imageRemoved ? null : (team?.imageName ?? (team?.previewURL ? 'Current image' : null))
  const shownImage = preview ?? (values.imageRemoved ? null : (team?.previewURL ?? null))

  const submit = async ({ values, idempotencyKey }: Submission<TeamValues>) => {
    const problem = teamFormProblem(values, mode)
    if (problem) {
      window.alert(problem)
      return
    }
    const upload = values.image ? await toUploadFile(values.image.file) : null
    const saved = await save.mutateAsync({
      team: teamFormInput(values, { id: team?.id, imageRemoved: values.imageRemoved && values.image === null }),
      image: upload,
      idempotencyKey
    })
    notify({ title: team ? 'Team updated ✅' : 'Team created 🎉', body: `${saved.name} has been saved.` })
    onClose()
  }

  const showFailure = (error: unknown) => {
    if (isApiError(error) && TEAM_ALERTS.has(error.message)) window.alert(error.message)
    else if (isApiError(error, 402) && !team) notify({ title: MESSAGES.upgradePlanTitle, body: MESSAGES.teamsLimit, intent: 'warning' })
    else notify(failureToast('Team not saved ⚠️', error))
  }

  const title = team ? 'Edit team' : 'Create team'
  return (
    <FormDialog
      form={form}
      title={title}
      label={title}
      onSubmit={submit}
      onError={showFailure}
      canSubmit={canSaveTeam(values)}
      className={styles.surface}
      testIds={{ dialog: 'team-dialog', submit: 'team-save', cancel: 'team-cancel' }}
    >
      <Field label="Team name" required>
        <Input value={values.name} onChange={(_, d) => set('name', d.value)} maxLength={200} autoFocus data-testid="team-name" />
      </Field>
      <Field label="Members" hint="Invited people show once they have joined; people in another team cannot be added.">
        <MemberPicker
          members={memberOptions}
          selected={values.members}
          onChange={(ids) => set('members', ids)}
          label="Team members"
          data-testid="team-members"
        />
      </Field>
      <Field label="Team leaders" required hint="Choose leaders among the members.">
        <MemberPicker
          members={leaderOptions}
          selected={values.teamLeaders}
          onChange={(ids) => set('teamLeaders', ids)}
          label="Team leaders"
          data-testid="team-leaders"
        />
      </Field>
      <Switch
        label="Require a topic tag on every post"
        checked={values.requireTag}
        onChange={(_, d) => set('requireTag', d.checked)}
        data-testid="team-require-tag"
      />
      <Field label="AI setting template">
        <Select
          value={values.aISettingTemplateId ?? ''}
          onChange={(_, d) => set('aISettingTemplateId', d.value === '' ? null : d.value)}
          data-testid="team-ai-template"
        >
          <option value="">No template</option>
          {(templates.data ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.isDefaultOrganizationTemplate ? `${t.templateName} (default)` : t.templateName}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Team image" hint="Optional. An image file of at most 200 MB.">
        <div className={styles.image}>
          {shownImage ? <Image className={styles.preview} src={shownImage} alt="" data-testid="team-image-preview" /> : null}
          <FilePicker
            accept="image/*"
            fileName={image?.name ?? currentImageName}
            validate={(file) => (isImageFile(file) ? null : MESSAGES.teamImageNotImage)}
            chooseLabel={shownImage ? 'Change image' : 'Choose image'}
            emptyLabel="No image"
            onChange={(file) => {
              // Made here, not in the updater, which React may call twice.
              const picked = file ? { file, url: URL.createObjectURL(file) } : null
              form.update((v) => ({ ...v, image: picked, imageRemoved: file === null && Boolean(team?.previewURL) }))
            }}
            data-testid="team-image"
          />
        </div>
      </Field>
    </FormDialog>
  )
}

import { useEffect, useMemo, useState, type FormEvent } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Image,
  Input,
  Select,
  Spinner,
  Switch,
  makeStyles,
  tokens
} from '@fluentui/react-components'
import { MESSAGES } from '@shared/api/messages'
import type { Member, Team } from '@shared/domain'
import { useAiTemplates } from '@renderer/api/aiTemplates'
import { isApiError } from '@renderer/api/client'
import { useAllMembers } from '@renderer/api/members'
import { useSaveTeam } from '@renderer/api/teams'
import { useNotify } from '@renderer/lib/toasts'
import { FilePicker } from '@renderer/components/FilePicker'
import { MemberPicker } from '@renderer/components/MemberPicker'
import { teamMemberOptions, type PickableMember } from '@renderer/components/memberOptions'
import { useUnsavedChangesGuard } from '@renderer/components/useUnsavedChangesGuard'
import { failureToast } from '@renderer/lib/failureToast'
import { isImageFile, toUploadFile } from '@renderer/lib/files'
import { TEAM_ALERTS, canSaveTeam, initialTeamForm, teamFormInput, teamFormProblem, type TeamForm } from './teamForm'

const useStyles = makeStyles({
  surface: { maxWidth: '600px', width: '100%' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
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

export interface TeamDialogProps {
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
  const initial = useMemo(() => initialTeamForm(team), [team])
  const [form, setForm] = useState<TeamForm>(initial)
  const [chosen, setChosen] = useState<ChosenImage | null>(null)
  const [imageRemoved, setImageRemoved] = useState(false)
  const [reading, setReading] = useState(false)
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen])
  const image = chosen?.file ?? null
  const preview = chosen?.url ?? null
  const pending = save.isPending || reading

  const dirty = JSON.stringify(form) !== JSON.stringify(initial) || image !== null || imageRemoved
  const { requestClose, guard } = useUnsavedChangesGuard({ dirty, pending, onClose })
  const set = <K extends keyof TeamForm>(key: K, value: TeamForm[K]) => setForm((f) => ({ ...f, [key]: value }))

  const everyone: readonly PickableMember[] = members.isSuccess ? members.data : teamAsMembers(team)
  const memberOptions = useMemo(() => teamMemberOptions(everyone, team?.id ?? null), [everyone, team])
  const leaderOptions = useMemo(() => {
    const byId = new Map<string, PickableMember | Member>(everyone.map((m) => [m.id, m]))
    const ids = [...form.members, ...form.teamLeaders.filter((id) => !form.members.includes(id))]
    return ids.map((id) => byId.get(id)).filter((m): m is PickableMember => m !== undefined)
  }, [everyone, form.members, form.teamLeaders])

  const currentImageName = imageRemoved ? null : (team?.imageName ?? (team?.previewURL ? 'Current image' : null))
  const shownImage = preview ?? (imageRemoved ? null : (team?.previewURL ?? null))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!canSaveTeam(form) || pending) return
    const problem = teamFormProblem(form, mode)
    if (problem) {
      window.alert(problem)
      return
    }
    setReading(true)
    let upload
    try {
      upload = image ? await toUploadFile(image) : null
    } finally {
      setReading(false)
    }
    save.mutate(
      { team: teamFormInput(form, { id: team?.id, imageRemoved: imageRemoved && image === null }), image: upload },
      {
        onSuccess: (saved) => {
          notify({ title: team ? 'Team updated ✅' : 'Team created 🎉', body: `${saved.name} has been saved.` })
          onClose()
        },
        onError: (error) => {
          if (isApiError(error) && TEAM_ALERTS.has(error.message)) window.alert(error.message)
          else if (isApiError(error, 402) && !team) notify({ title: MESSAGES.upgradePlanTitle, body: MESSAGES.teamsLimit, intent: 'warning' })
          else notify(failureToast('Team not saved ⚠️', error))
        }
      }
    )
  }

  return (
    <>
      <Dialog open onOpenChange={(_, data) => (data.open ? undefined : requestClose())}>
        <DialogSurface className={styles.surface} data-testid="team-dialog" aria-describedby={undefined}>
          <form onSubmit={(e) => void submit(e)} noValidate aria-label={team ? 'Edit team' : 'Create team'}>
            <DialogBody>
              <DialogTitle>{team ? 'Edit team' : 'Create team'}</DialogTitle>
              <DialogContent className={styles.form}>
                <Field label="Team name" required>
                  <Input value={form.name} onChange={(_, d) => set('name', d.value)} maxLength={200} autoFocus data-testid="team-name" />
                </Field>
                <Field label="Members" hint="Invited people show once they have joined; people in another team cannot be added.">
                  <MemberPicker
                    members={memberOptions}
                    selected={form.members}
                    onChange={(ids) => set('members', ids)}
                    label="Team members"
                    data-testid="team-members"
                  />
                </Field>
                <Field label="Team leaders" required hint="Choose leaders among the members.">
                  <MemberPicker
                    members={leaderOptions}
                    selected={form.teamLeaders}
                    onChange={(ids) => set('teamLeaders', ids)}
                    label="Team leaders"
                    data-testid="team-leaders"
                  />
                </Field>
                <Switch
                  label="Require a topic tag on every post"
                  checked={form.requireTag}
                  onChange={(_, d) => set('requireTag', d.checked)}
                  data-testid="team-require-tag"
                />
                <Field label="AI setting template">
                  <Select
                    value={form.aISettingTemplateId ?? ''}
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
                        setChosen(file ? { file, url: URL.createObjectURL(file) } : null)
                        setImageRemoved(file === null && Boolean(team?.previewURL))
                      }}
                      data-testid="team-image"
                    />
                  </div>
                </Field>
              </DialogContent>
              <DialogActions>
                <Button appearance="secondary" onClick={requestClose} data-testid="team-cancel">
                  Cancel
                </Button>
                <Button
                  appearance="primary"
                  type="submit"
                  disabled={!canSaveTeam(form) || pending}
                  icon={pending ? <Spinner size="tiny" /> : undefined}
                  data-testid="team-save"
                >
                  Save
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
      {guard}
    </>
  )
}

import { useMemo, useState, type FormEvent } from 'react'
import { Button, Card, Field, Input, Select, Spinner, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { MESSAGES } from '@shared/api/messages'
import type { PostTag, Team } from '@shared/domain'
import { useAllMembers } from '@renderer/api/members'
import { useCreatePostTag, useDeletePostTag, usePostTags, useUpdatePostTag } from '@renderer/api/postTags'
import { useTeams } from '@renderer/api/teams'
import { useNotify } from '@renderer/lib/toasts'
import { DeleteConfirm } from '@renderer/components/DeleteConfirm'
import { ErrorState } from '@renderer/components/ErrorState'
import { MemberPicker } from '@renderer/components/MemberPicker'
import type { PickableMember } from '@renderer/components/memberOptions'
import { TagList, useTagListItems } from '@renderer/components/TagList'
import { newTagTitle } from '@renderer/components/tagListItems'
import { failureToast } from '@renderer/lib/failureToast'
import { nextTagColor } from './tagColors'

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingHorizontalXL, '@media (min-width: 960px)': { gridTemplateColumns: 'minmax(280px, 1fr) minmax(0, 1.4fr)' } },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  editor: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  color: { width: '48px', height: '32px', padding: 0, border: 'none', background: 'none', cursor: 'pointer' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
  muted: { color: tokens.colorNeutralForeground3 }
})

/** A team's people as picker entries (a leader assigns tags within their teams). */
function teamPeople(team: Team): PickableMember[] {
  const people = [...team.members, ...team.teamLeaders.filter((l) => !team.members.some((m) => m.id === l.id))]
  return people.map((p) => ({ id: p.id, fullName: p.fullName, email: '', image: p.image, status: 'ACTIVE' as const, teams: [] }))
}

function TagEditor({ tag, people, onDeleted }: { tag: PostTag; people: readonly PickableMember[]; onDeleted: () => void }) {
  const styles = useStyles()
  const notify = useNotify()
  const update = useUpdatePostTag()
  const remove = useDeletePostTag()
  const [title, setTitle] = useState(tag.title)
  const [color, setColor] = useState(tag.color)
  const [description, setDescription] = useState(tag.description ?? '')
  const [assigned, setAssigned] = useState<string[]>(tag.assignedUsers)
  const [confirming, setConfirming] = useState(false)
  // People the tag is assigned to but the picker does not list (e.g. invited) stay assigned.
  const known = useMemo(() => new Set(people.map((p) => p.id)), [people])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = newTagTitle(title)
    if (trimmed === null) {
      window.alert(MESSAGES.tagTitleEmpty)
      return
    }
    update.mutate(
      { tagId: tag.id, tagTitle: trimmed, tagColor: color, tagDescription: description.trim() || null, assignedUsers: assigned },
      {
        onSuccess: () => notify({ title: 'Tag saved ✅', body: `${trimmed} has been saved.` }),
        onError: (error) => notify(failureToast('Tag not saved ⚠️', error))
      }
    )
  }

  return (
    <Card className={styles.editor} data-testid="tag-editor">
      <form className={styles.column} onSubmit={submit} noValidate aria-label={`Edit tag ${tag.title}`}>
        <h3 className={styles.heading}>{tag.title}</h3>
        <Field label="Title" required>
          <Input value={title} onChange={(_, d) => setTitle(d.value)} maxLength={100} data-testid="tag-title" />
        </Field>
        <Field label="Colour">
          <input type="color" className={styles.color} value={color} onChange={(e) => setColor(e.target.value)} data-testid="tag-color" />
        </Field>
        <Field label="Description">
          <Textarea value={description} onChange={(_, d) => setDescription(d.value)} maxLength={1000} data-testid="tag-description" />
        </Field>
        <Field label="Assigned users">
          <MemberPicker
            members={people}
            selected={assigned.filter((id) => known.has(id))}
            onChange={(ids) => setAssigned([...ids, ...assigned.filter((id) => !known.has(id))])}
            label="Assigned users"
            data-testid="tag-assignees"
          />
        </Field>
        <div className={styles.actions}>
          <Button appearance="subtle" onClick={() => setConfirming(true)} disabled={remove.isPending} data-testid="tag-delete">
            Delete tag
          </Button>
          <Button appearance="primary" type="submit" disabled={update.isPending} icon={update.isPending ? <Spinner size="tiny" /> : undefined} data-testid="tag-save">
            Save
          </Button>
        </div>
      </form>
      <DeleteConfirm
        open={confirming}
        title="Delete tag"
        message={`Are you sure you want to delete the tag ${tag.title}? It is removed from everyone it is assigned to.`}
        confirmLabel="Delete tag"
        onClose={() => setConfirming(false)}
        onDelete={async () => {
          await remove.mutateAsync(tag.id)
          notify({ title: 'Tag deleted ✅', body: `${tag.title} has been deleted.` })
          onDeleted()
        }}
        onError={(error) => notify(failureToast('Tag not deleted ⚠️', error))}
        data-testid="delete-tag-dialog"
      />
    </Card>
  )
}

/**
 * Topic tags: the list (a new tag is appended unchecked), a quick create, and an editor for the
 * selected tag with its assigned users. Admins see every tag; a team leader sees the tags of the
 * team they pick among those they lead and assigns them within it.
 */
export function TopicTagsSection({ admin, leadingTeamIds }: { admin: boolean; leadingTeamIds: readonly string[] }) {
  const styles = useStyles()
  const notify = useNotify()
  const teams = useTeams({ enabled: !admin })
  const ledTeams = useMemo(() => (teams.data ?? []).filter((t) => leadingTeamIds.includes(t.id)), [teams.data, leadingTeamIds])
  const [teamId, setTeamId] = useState<string | null>(null)
  const team = admin ? null : (ledTeams.find((t) => t.id === teamId) ?? ledTeams[0] ?? null)
  const members = useAllMembers({ enabled: admin })
  const tags = usePostTags(admin ? {} : { teamId: team?.id ?? null }, { enabled: admin || team !== null })
  const create = useCreatePostTag()
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const items = useTagListItems(tags.data, selectedId)
  const selected = tags.data?.find((t) => t.id === selectedId) ?? null

  const people = useMemo<PickableMember[]>(() => {
    if (admin) return (members.data ?? []).filter((m) => m.status !== 'INVITED')
    return team ? teamPeople(team) : []
  }, [admin, members.data, team])

  // A leader's new tag goes to their team, or it would not show in the team's list.
  const createTag = (title: string, idempotencyKey: string) =>
    create.mutateAsync(
      { tagTitle: title, tagColor: nextTagColor(tags.data?.length ?? 0), assignedUsers: admin ? [] : people.map((p) => p.id), idempotencyKey },
      {
        onSuccess: (tag) => notify({ title: 'Tag created 🎉', body: `${tag.title} has been added.` }),
        onError: (error) => notify(failureToast('Tag not created ⚠️', error))
      }
    )

  return (
    <section className={styles.root} aria-label="Topic tags" data-testid="tags-section">
      <div className={styles.column}>
        {!admin && ledTeams.length > 1 ? (
          <Field label="Team">
            <Select value={team?.id ?? ''} onChange={(_, d) => {
                setTeamId(d.value)
                setSelectedId(null)
              }} data-testid="tags-team">
              {ledTeams.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        {tags.isError ? <ErrorState onRetry={() => void tags.refetch()} /> : null}
        <TagList
          items={items}
          loading={tags.isFetching}
          emptyMessage="No results found"
          onSelect={setSelectedId}
          onCreate={createTag}
          creating={create.isPending}
          label="Topic tags"
          data-testid="topic-tags"
        />
      </div>
      <div className={styles.column}>
        {selected ? (
          <TagEditor key={selected.id} tag={selected} people={people} onDeleted={() => setSelectedId(null)} />
        ) : (
          <Text className={styles.muted}>Choose a tag to edit it and assign it to people.</Text>
        )}
      </div>
    </section>
  )
}

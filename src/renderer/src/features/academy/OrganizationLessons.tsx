import { useState } from 'react'
import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components'
import { Add20Regular, Delete20Regular, Edit20Regular } from '@fluentui/react-icons'
import type { OrganizationLesson } from '@shared/domain/academy'
import { ORGANIZATION_COURSE_SLUG } from '@shared/domain/academy'
import { academyLessonPath } from '@shared/routes'
import { useCreateOrganizationLesson, useDeleteOrganizationLesson, useOrganizationLessons, useUpdateOrganizationLesson } from '@renderer/api/academy'
import { GENERIC_ERROR_MESSAGE, isApiError } from '@renderer/api/client'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { DeleteConfirm, FormDialog, useFormDialog } from '@renderer/components/FormDialog'
import { MarkdownEditor } from '@renderer/components/MarkdownEditor'
import { RouterLink } from '@renderer/components/RouterLink'
import { ListSkeleton } from '@renderer/components/Skeletons'
import { failureToast } from '@renderer/lib/failureToast'
import { formatDate } from '@renderer/lib/formatDate'
import { useNotify } from '@renderer/lib/toasts'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2
  },
  text: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: '200px' },
  muted: { color: tokens.colorNeutralForeground3 },
  surface: { maxWidth: '820px', width: '100%' },
  toolbar: { display: 'flex', justifyContent: 'flex-end' }
})

interface LessonValues {
  title: string
  summary: string
  body: string
}

/** Write or edit one organization lesson: the Markdown beside a preview rendered as readers see it. */
function LessonDialog({ lesson, onClose }: { lesson: OrganizationLesson | null; onClose: () => void }) {
  const styles = useStyles()
  const notify = useNotify()
  const create = useCreateOrganizationLesson()
  const update = useUpdateOrganizationLesson()
  const form = useFormDialog<LessonValues>({ initial: { title: lesson?.title ?? '', summary: lesson?.summary ?? '', body: lesson?.body ?? '' }, onClose })
  const { values, errors, set } = form
  return (
    <FormDialog
      form={form}
      className={styles.surface}
      title={lesson ? 'Edit lesson' : 'New lesson'}
      label={lesson ? 'Edit lesson' : 'New lesson'}
      failureTitle="Lesson not saved ⚠️"
      canSubmit={values.title.trim() !== '' && values.body.trim() !== ''}
      testIds={{ dialog: 'org-lesson-dialog', submit: 'org-lesson-save', cancel: 'org-lesson-cancel' }}
      onSubmit={async ({ values: v, idempotencyKey }) => {
        const body = { title: v.title.trim(), summary: v.summary.trim(), body: v.body }
        if (lesson) await update.mutateAsync({ lessonId: lesson.id, ...body })
        else await create.mutateAsync({ ...body, idempotencyKey })
        notify({ title: lesson ? 'Lesson saved ✅' : 'Lesson added ✅', body: 'Everyone in your organization with the Academy can read it.' })
        onClose()
      }}
    >
      <Field label="Title" required validationMessage={errors.title}>
        <Input value={values.title} onChange={(_, d) => set('title', d.value)} maxLength={200} data-testid="org-lesson-title" />
      </Field>
      <Field label="Summary" hint="One sentence shown in the lesson list." validationMessage={errors.summary}>
        <Input value={values.summary} onChange={(_, d) => set('summary', d.value)} maxLength={500} data-testid="org-lesson-summary" />
      </Field>
      <MarkdownEditor label="Lesson" required value={values.body} onChange={(value) => set('body', value)} validationMessage={errors.body} maxLength={100_000} testId="org-lesson" />
    </FormDialog>
  )
}

/** Admins: the organization's own lessons (a posting guideline…), read by everyone as the organization's course. */
export function OrganizationLessons() {
  const styles = useStyles()
  const notify = useNotify()
  const lessons = useOrganizationLessons()
  const remove = useDeleteOrganizationLesson()
  const [editing, setEditing] = useState<OrganizationLesson | 'new' | null>(null)
  const [deleting, setDeleting] = useState<OrganizationLesson | null>(null)

  const content = (() => {
    if (lessons.isPending) return <ListSkeleton label="Loading your organization’s lessons…" rows={2} />
    if (lessons.isError) {
      const message = isApiError(lessons.error) && lessons.error.isClientError ? lessons.error.message : GENERIC_ERROR_MESSAGE
      return <ErrorState message={message} onRetry={() => void lessons.refetch()} />
    }
    if (lessons.data.length === 0) {
      return (
        <EmptyState
          message="No organization lessons yet"
          hint="Teach what matters to your company: your tone of voice, your products, how to talk about customers. Your members read it in the Academy beside the Pagecrew courses."
          action={{ label: 'Write a lesson', icon: <Add20Regular />, onClick: () => setEditing('new'), 'data-testid': 'org-lessons-empty-add' }}
          data-testid="org-lessons-empty"
        />
      )
    }
    return (
      <ul className={styles.list} data-testid="org-lessons">
        {lessons.data.map((lesson) => (
          <li key={lesson.id} className={styles.item} data-testid="org-lesson">
            <div className={styles.text}>
              <RouterLink to={academyLessonPath(ORGANIZATION_COURSE_SLUG, lesson.id)}>{lesson.title}</RouterLink>
              <Text size={200} className={styles.muted}>
                {lesson.summary ? `${lesson.summary} · ` : ''}Updated {formatDate(lesson.updatedAt, 'date')}
              </Text>
            </div>
            <Button size="small" icon={<Edit20Regular />} onClick={() => setEditing(lesson)} data-testid="org-lesson-edit">
              Edit
            </Button>
            <Button size="small" icon={<Delete20Regular />} onClick={() => setDeleting(lesson)} data-testid="org-lesson-delete">
              Delete
            </Button>
          </li>
        ))}
      </ul>
    )
  })()

  return (
    <div className={styles.root}>
      {lessons.data && lessons.data.length > 0 ? (
        <div className={styles.toolbar}>
          <Button icon={<Add20Regular />} onClick={() => setEditing('new')} data-testid="org-lessons-add">
            New lesson
          </Button>
        </div>
      ) : null}
      {content}
      {editing ? <LessonDialog key={editing === 'new' ? 'new' : editing.id} lesson={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <DeleteConfirm
        open={deleting !== null}
        title="Delete lesson"
        message={deleting ? `Delete “${deleting.title}”? Your members will no longer see it, and their progress on it is lost.` : undefined}
        confirmLabel="Delete lesson"
        onDelete={async () => {
          if (!deleting) return
          await remove.mutateAsync(deleting.id)
          notify({ title: 'Lesson deleted ✅' })
        }}
        onError={(error) => notify(failureToast('Lesson not deleted ⚠️', error))}
        onClose={() => setDeleting(null)}
        data-testid="org-lesson-delete-confirm"
      />
    </div>
  )
}

import { useMemo, useState } from 'react'
import { Badge, Button, Caption1, Card, Text, makeStyles, tokens } from '@fluentui/react-components'
import { Add20Regular, Delete20Regular, Edit20Regular, Star20Regular } from '@fluentui/react-icons'
import type { AiTemplateDetail } from '@shared/domain'
import { useAiTemplates, useDeleteAiTemplate, useSetDefaultAiTemplate } from '@renderer/api/aiTemplates'
import { useNotify } from '@renderer/lib/toasts'
import { DeleteConfirm } from '@renderer/components/DeleteConfirm'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { failureToast } from '@renderer/lib/failureToast'
import { AiTemplateDialog } from './AiTemplateDialog'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', justifyContent: 'flex-end' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  card: { display: 'flex', flexDirection: 'row', alignItems: 'center', gap: tokens.spacingHorizontalM, padding: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  text: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: '200px' },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS }
})

/** The organization default first (spec §9), then by name as the server sends them. */
function defaultFirst<T extends { isDefaultOrganizationTemplate: boolean }>(templates: readonly T[]): T[] {
  return [...templates.filter((t) => t.isDefaultOrganizationTemplate), ...templates.filter((t) => !t.isDefaultOrganizationTemplate)]
}

/** AI setting templates: list (default first), create, edit, delete, set the default. */
export function AiTemplatesSection() {
  const styles = useStyles()
  const notify = useNotify()
  const templates = useAiTemplates()
  const setDefault = useSetDefaultAiTemplate()
  const remove = useDeleteAiTemplate()
  const [dialog, setDialog] = useState<{ template: AiTemplateDetail | null } | null>(null)
  const [deleting, setDeleting] = useState<AiTemplateDetail | null>(null)
  const ordered = useMemo(() => defaultFirst(templates.data ?? []), [templates.data])

  return (
    <section className={styles.root} aria-label="AI templates" data-testid="ai-section">
      <div className={styles.toolbar}>
        <Button appearance="primary" icon={<Add20Regular />} onClick={() => setDialog({ template: null })} data-testid="new-ai-template">
          New template
        </Button>
      </div>
      {templates.isPending ? <LoadingState inline label="Loading templates…" /> : null}
      {templates.isError ? <ErrorState onRetry={() => void templates.refetch()} /> : null}
      {templates.isSuccess && ordered.length === 0 ? (
        <EmptyState
          message="No results found"
          hint="Templates set the voice and industries the AI writes ideas and drafts with."
          action={{ label: 'New template', icon: <Add20Regular />, onClick: () => setDialog({ template: null }), 'data-testid': 'ai-empty-new' }}
        />
      ) : null}
      {ordered.length > 0 ? (
        <ul className={styles.list}>
          {ordered.map((t) => (
            <li key={t.id}>
              <Card className={styles.card} data-testid={`ai-template-${t.templateName}`}>
                <span className={styles.text}>
                  <Text weight="semibold">
                    {t.templateName} {t.isDefaultOrganizationTemplate ? <Badge appearance="tint" color="brand">Default</Badge> : null}
                  </Text>
                  <Caption1 className={styles.muted}>{t.industries.length > 0 ? t.industries.join(', ') : 'No industries'}</Caption1>
                </span>
                <span className={styles.actions}>
                  {!t.isDefaultOrganizationTemplate ? (
                    <Button
                      icon={<Star20Regular />}
                      disabled={setDefault.isPending}
                      onClick={() => setDefault.mutate(t.id, { onError: (error) => notify(failureToast('Default template not set ⚠️', error)) })}
                      data-testid="ai-template-default"
                    >
                      Make default
                    </Button>
                  ) : null}
                  <Button icon={<Edit20Regular />} onClick={() => setDialog({ template: t })} aria-label={`Edit ${t.templateName}`} data-testid="ai-template-edit" />
                  <Button
                    appearance="subtle"
                    icon={<Delete20Regular />}
                    disabled={t.isDefaultOrganizationTemplate}
                    onClick={() => setDeleting(t)}
                    aria-label={`Delete ${t.templateName}`}
                    data-testid="ai-template-delete"
                  />
                </span>
              </Card>
            </li>
          ))}
        </ul>
      ) : null}
      <AiTemplateDialog open={dialog !== null} template={dialog?.template ?? null} onClose={() => setDialog(null)} />
      <DeleteConfirm
        open={deleting !== null}
        title="Delete template"
        message={`Are you sure you want to delete the template ${deleting?.templateName ?? ''}?`}
        confirmLabel="Delete template"
        onClose={() => setDeleting(null)}
        onDelete={async () => {
          if (!deleting) return
          await remove.mutateAsync(deleting.id)
          notify({ title: 'Template deleted ✅', body: `${deleting.templateName} has been deleted.` })
        }}
        onError={(error) => notify(failureToast('Template not deleted ⚠️', error))}
        data-testid="delete-template-dialog"
      />
    </section>
  )
}

import { useMemo, useState, type FormEvent } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Spinner,
  Textarea,
  makeStyles,
  tokens
} from '@fluentui/react-components'
import { createAiTemplateBodySchema } from '@shared/api/contract'
import type { AiTemplateDetail } from '@shared/domain'
import { useCreateAiTemplate, useUpdateAiTemplate } from '@renderer/api/aiTemplates'
import { useNotify } from '@renderer/lib/toasts'
import { useUnsavedChangesGuard } from '@renderer/components/useUnsavedChangesGuard'
import { dialogSaveHandlers } from '@renderer/lib/failureToast'
import { zodFieldErrors, type FieldErrors } from '@renderer/lib/formErrors'

const useStyles = makeStyles({
  surface: { maxWidth: '600px', width: '100%' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM }
})

interface TemplateForm {
  templateName: string
  /** Comma-separated, as typed. */
  industries: string
  tone: string
  targetAudience: string
  instructions: string
}

const formOf = (t: AiTemplateDetail | null): TemplateForm => ({
  templateName: t?.templateName ?? '',
  industries: t?.industries.join(', ') ?? '',
  tone: t?.tone ?? '',
  targetAudience: t?.targetAudience ?? '',
  instructions: t?.instructions ?? ''
})

export function splitIndustries(text: string): string[] {
  return [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))]
}

export function AiTemplateDialog({ open, template, onClose }: { open: boolean; template: AiTemplateDetail | null; onClose: () => void }) {
  return open ? <AiTemplateDialogContent key={template?.id ?? 'new'} template={template} onClose={onClose} /> : null
}

function AiTemplateDialogContent({ template, onClose }: { template: AiTemplateDetail | null; onClose: () => void }) {
  const styles = useStyles()
  const notify = useNotify()
  const create = useCreateAiTemplate()
  const update = useUpdateAiTemplate()
  const initial = useMemo(() => formOf(template), [template])
  const [form, setForm] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const pending = create.isPending || update.isPending
  const { requestClose, guard } = useUnsavedChangesGuard({ dirty: JSON.stringify(form) !== JSON.stringify(initial), pending, onClose })
  const set = (key: keyof TemplateForm) => (_: unknown, data: { value: string }) => setForm((f) => ({ ...f, [key]: data.value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = createAiTemplateBodySchema.safeParse({ ...form, industries: splitIndustries(form.industries) })
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error))
      return
    }
    setErrors({})
    const handlers = dialogSaveHandlers({
      notify,
      onClose,
      setErrors,
      saved: (saved: AiTemplateDetail) => ({ title: template ? 'Template saved ✅' : 'Template created 🎉', body: `${saved.templateName} has been saved.` }),
      failureTitle: 'Template not saved ⚠️'
    })
    if (template) update.mutate({ templateId: template.id, ...parsed.data }, handlers)
    else create.mutate(parsed.data, handlers)
  }

  return (
    <>
      <Dialog open onOpenChange={(_, data) => (data.open ? undefined : requestClose())}>
        <DialogSurface className={styles.surface} data-testid="ai-template-dialog" aria-describedby={undefined}>
          <form onSubmit={submit} noValidate aria-label={template ? 'Edit AI template' : 'New AI template'}>
            <DialogBody>
              <DialogTitle>{template ? 'Edit AI template' : 'New AI template'}</DialogTitle>
              <DialogContent className={styles.form}>
                <Field label="Template name" required validationMessage={errors.templateName}>
                  <Input value={form.templateName} onChange={set('templateName')} maxLength={200} autoFocus data-testid="template-name" />
                </Field>
                <Field label="Industries" hint="Separate industries with commas." validationMessage={errors.industries}>
                  <Input value={form.industries} onChange={set('industries')} data-testid="template-industries" />
                </Field>
                <Field label="Tone" validationMessage={errors.tone}>
                  <Input value={form.tone} onChange={set('tone')} maxLength={500} data-testid="template-tone" />
                </Field>
                <Field label="Target audience" validationMessage={errors.targetAudience}>
                  <Textarea value={form.targetAudience} onChange={set('targetAudience')} maxLength={1000} data-testid="template-audience" />
                </Field>
                <Field label="Instructions" validationMessage={errors.instructions}>
                  <Textarea value={form.instructions} onChange={set('instructions')} maxLength={5000} resize="vertical" data-testid="template-instructions" />
                </Field>
              </DialogContent>
              <DialogActions>
                <Button appearance="secondary" onClick={requestClose} data-testid="template-cancel">
                  Cancel
                </Button>
                <Button appearance="primary" type="submit" disabled={pending} icon={pending ? <Spinner size="tiny" /> : undefined} data-testid="template-save">
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

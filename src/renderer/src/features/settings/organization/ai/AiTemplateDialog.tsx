import { useMemo } from 'react'
import { Field, Input, Textarea, makeStyles } from '@fluentui/react-components'
import { createAiTemplateBodySchema } from '@shared/api/contract'
import type { AiTemplateDetail } from '@shared/domain'
import { useCreateAiTemplate, useUpdateAiTemplate } from '@renderer/api/aiTemplates'
import { useNotify } from '@renderer/lib/toasts'
import { FormDialog, useFormDialog, type Submission } from '@renderer/components/FormDialog'
import { zodFieldErrors } from '@renderer/lib/formErrors'

const useStyles = makeStyles({
  surface: { maxWidth: '600px', width: '100%' }
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

function splitIndustries(text: string): string[] {
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
  const form = useFormDialog({ initial, onClose })
  const { values, errors } = form
  const set = (key: keyof TemplateForm) => (_: unknown, data: { value: string }) => form.set(key, data.value)

  const submit = async ({ values, idempotencyKey }: Submission<TemplateForm>) => {
    const parsed = createAiTemplateBodySchema.safeParse({ ...values, industries: splitIndustries(values.industries) })
    if (!parsed.success) {
      form.setErrors(zodFieldErrors(parsed.error))
      return
    }
    const saved = template
      ? await update.mutateAsync({ templateId: template.id, ...parsed.data })
      : await create.mutateAsync({ ...parsed.data, idempotencyKey })
    notify({ title: template ? 'Template saved ✅' : 'Template created 🎉', body: `${saved.templateName} has been saved.` })
    onClose()
  }

  const title = template ? 'Edit AI template' : 'New AI template'
  return (
    <FormDialog
      form={form}
      title={title}
      label={title}
      onSubmit={submit}
      failureTitle="Template not saved ⚠️"
      className={styles.surface}
      testIds={{ dialog: 'ai-template-dialog', submit: 'template-save', cancel: 'template-cancel' }}
    >
      <Field label="Template name" required validationMessage={errors.templateName}>
        <Input value={values.templateName} onChange={set('templateName')} maxLength={200} autoFocus data-testid="template-name" />
      </Field>
      <Field label="Industries" hint="Separate industries with commas." validationMessage={errors.industries}>
        <Input value={values.industries} onChange={set('industries')} data-testid="template-industries" />
      </Field>
      <Field label="Tone" validationMessage={errors.tone}>
        <Input value={values.tone} onChange={set('tone')} maxLength={500} data-testid="template-tone" />
      </Field>
      <Field label="Target audience" validationMessage={errors.targetAudience}>
        <Textarea value={values.targetAudience} onChange={set('targetAudience')} maxLength={1000} data-testid="template-audience" />
      </Field>
      <Field label="Instructions" validationMessage={errors.instructions}>
        <Textarea value={values.instructions} onChange={set('instructions')} maxLength={5000} resize="vertical" data-testid="template-instructions" />
      </Field>
    </FormDialog>
  )
}

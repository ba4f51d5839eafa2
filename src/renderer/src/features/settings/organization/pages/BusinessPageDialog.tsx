import { useMemo } from 'react'
import { Field, Input, Select, Textarea, makeStyles } from '@fluentui/react-components'
import { businessPageFieldsSchema } from '@shared/api/contract'
import type { BusinessPage } from '@shared/domain'
import { useAiTemplates } from '@renderer/api/aiTemplates'
import { useCreateBusinessPage, useUpdateBusinessPage } from '@renderer/api/businessPages'
import { useNotify } from '@renderer/lib/toasts'
import { FormDialog, useFormDialog, type Submission } from '@renderer/components/FormDialog'
import { zodFieldErrors } from '@renderer/lib/formErrors'

const useStyles = makeStyles({
  surface: { maxWidth: '600px', width: '100%' }
})

interface PageForm {
  linkedInCompanyName: string
  linkedInPageLink: string
  linkedInWebsite: string
  linkedInCompanyDescription: string
  image: string
  aiSettingTemplateId: string
}

const formOf = (page: BusinessPage | null): PageForm => ({
  linkedInCompanyName: page?.linkedInCompanyName ?? '',
  linkedInPageLink: page?.linkedInPageLink ?? '',
  linkedInWebsite: page?.linkedInWebsite ?? '',
  linkedInCompanyDescription: page?.linkedInCompanyDescription ?? '',
  image: page?.image ?? '',
  aiSettingTemplateId: page?.aiSettingTemplateId ?? ''
})

const orNull = (value: string) => (value.trim() === '' ? null : value.trim())

export function BusinessPageDialog({ open, page, onClose }: { open: boolean; page: BusinessPage | null; onClose: () => void }) {
  return open ? <BusinessPageDialogContent key={page?.id ?? 'new'} page={page} onClose={onClose} /> : null
}

function BusinessPageDialogContent({ page, onClose }: { page: BusinessPage | null; onClose: () => void }) {
  const styles = useStyles()
  const notify = useNotify()
  const templates = useAiTemplates()
  const create = useCreateBusinessPage()
  const update = useUpdateBusinessPage()
  const initial = useMemo(() => formOf(page), [page])
  const form = useFormDialog({ initial, onClose })
  const { values, errors } = form
  const set = (key: keyof PageForm) => (_: unknown, data: { value: string }) => form.set(key, data.value)

  const submit = async ({ values, idempotencyKey }: Submission<PageForm>) => {
    const parsed = businessPageFieldsSchema.safeParse({
      linkedInCompanyName: values.linkedInCompanyName,
      linkedInPageLink: orNull(values.linkedInPageLink),
      linkedInWebsite: orNull(values.linkedInWebsite),
      linkedInCompanyDescription: orNull(values.linkedInCompanyDescription),
      image: orNull(values.image),
      aiSettingTemplateId: values.aiSettingTemplateId === '' ? null : values.aiSettingTemplateId
    })
    if (!parsed.success) {
      form.setErrors(zodFieldErrors(parsed.error))
      return
    }
    const saved = page
      ? await update.mutateAsync({ businessPageId: page.id, ...parsed.data })
      : await create.mutateAsync({ ...parsed.data, idempotencyKey })
    notify({ title: page ? 'Business page saved ✅' : 'Business page added 🎉', body: `${saved.linkedInCompanyName} has been saved.` })
    onClose()
  }

  const title = page ? 'Edit business page' : 'Add business page'
  return (
    <FormDialog
      form={form}
      title={title}
      label={title}
      onSubmit={submit}
      failureTitle="Business page not saved ⚠️"
      className={styles.surface}
      testIds={{ dialog: 'business-page-dialog', submit: 'page-save', cancel: 'page-cancel' }}
    >
      <Field label="Company page name" required validationMessage={errors.linkedInCompanyName}>
        <Input value={values.linkedInCompanyName} onChange={set('linkedInCompanyName')} maxLength={200} autoFocus data-testid="page-name" />
      </Field>
      <Field label="LinkedIn page link" validationMessage={errors.linkedInPageLink}>
        <Input type="url" value={values.linkedInPageLink} onChange={set('linkedInPageLink')} placeholder="https://www.linkedin.com/company/…" data-testid="page-link" />
      </Field>
      <Field label="Website" validationMessage={errors.linkedInWebsite}>
        <Input type="url" value={values.linkedInWebsite} onChange={set('linkedInWebsite')} placeholder="https://" data-testid="page-website" />
      </Field>
      <Field label="Description" validationMessage={errors.linkedInCompanyDescription}>
        <Textarea value={values.linkedInCompanyDescription} onChange={set('linkedInCompanyDescription')} maxLength={2000} data-testid="page-description" />
      </Field>
      <Field label="Logo address" hint="An https:// address of the page's logo." validationMessage={errors.image}>
        <Input type="url" value={values.image} onChange={set('image')} data-testid="page-image" />
      </Field>
      <Field label="AI setting template" hint="The page's industries come from its template." validationMessage={errors.aiSettingTemplateId}>
        <Select value={values.aiSettingTemplateId} onChange={set('aiSettingTemplateId')} data-testid="page-ai-template">
          <option value="">No template</option>
          {(templates.data ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.templateName}
            </option>
          ))}
        </Select>
      </Field>
    </FormDialog>
  )
}

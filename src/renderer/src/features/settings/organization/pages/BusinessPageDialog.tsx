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
  Select,
  Spinner,
  Textarea,
  makeStyles,
  tokens
} from '@fluentui/react-components'
import { businessPageFieldsSchema } from '@shared/api/contract'
import type { BusinessPage } from '@shared/domain'
import { useAiTemplates } from '@renderer/api/aiTemplates'
import { useCreateBusinessPage, useUpdateBusinessPage } from '@renderer/api/businessPages'
import { useNotify } from '@renderer/lib/toasts'
import { useUnsavedChangesGuard } from '@renderer/components/useUnsavedChangesGuard'
import { dialogSaveHandlers } from '@renderer/lib/failureToast'
import { zodFieldErrors, type FieldErrors } from '@renderer/lib/formErrors'

const useStyles = makeStyles({
  surface: { maxWidth: '600px', width: '100%' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM }
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
  const [form, setForm] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const pending = create.isPending || update.isPending
  const { requestClose, guard } = useUnsavedChangesGuard({ dirty: JSON.stringify(form) !== JSON.stringify(initial), pending, onClose })
  const set = (key: keyof PageForm) => (_: unknown, data: { value: string }) => setForm((f) => ({ ...f, [key]: data.value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = businessPageFieldsSchema.safeParse({
      linkedInCompanyName: form.linkedInCompanyName,
      linkedInPageLink: orNull(form.linkedInPageLink),
      linkedInWebsite: orNull(form.linkedInWebsite),
      linkedInCompanyDescription: orNull(form.linkedInCompanyDescription),
      image: orNull(form.image),
      aiSettingTemplateId: form.aiSettingTemplateId === '' ? null : form.aiSettingTemplateId
    })
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error))
      return
    }
    setErrors({})
    const handlers = dialogSaveHandlers({
      notify,
      onClose,
      setErrors,
      saved: (saved: BusinessPage) => ({ title: page ? 'Business page saved ✅' : 'Business page added 🎉', body: `${saved.linkedInCompanyName} has been saved.` }),
      failureTitle: 'Business page not saved ⚠️'
    })
    if (page) update.mutate({ businessPageId: page.id, ...parsed.data }, handlers)
    else create.mutate(parsed.data, handlers)
  }

  return (
    <>
      <Dialog open onOpenChange={(_, data) => (data.open ? undefined : requestClose())}>
        <DialogSurface className={styles.surface} data-testid="business-page-dialog" aria-describedby={undefined}>
          <form onSubmit={submit} noValidate aria-label={page ? 'Edit business page' : 'Add business page'}>
            <DialogBody>
              <DialogTitle>{page ? 'Edit business page' : 'Add business page'}</DialogTitle>
              <DialogContent className={styles.form}>
                <Field label="Company page name" required validationMessage={errors.linkedInCompanyName}>
                  <Input value={form.linkedInCompanyName} onChange={set('linkedInCompanyName')} maxLength={200} autoFocus data-testid="page-name" />
                </Field>
                <Field label="LinkedIn page link" validationMessage={errors.linkedInPageLink}>
                  <Input type="url" value={form.linkedInPageLink} onChange={set('linkedInPageLink')} placeholder="https://www.linkedin.com/company/…" data-testid="page-link" />
                </Field>
                <Field label="Website" validationMessage={errors.linkedInWebsite}>
                  <Input type="url" value={form.linkedInWebsite} onChange={set('linkedInWebsite')} placeholder="https://" data-testid="page-website" />
                </Field>
                <Field label="Description" validationMessage={errors.linkedInCompanyDescription}>
                  <Textarea value={form.linkedInCompanyDescription} onChange={set('linkedInCompanyDescription')} maxLength={2000} data-testid="page-description" />
                </Field>
                <Field label="Logo address" hint="An https:// address of the page's logo." validationMessage={errors.image}>
                  <Input type="url" value={form.image} onChange={set('image')} data-testid="page-image" />
                </Field>
                <Field label="AI setting template" hint="The page's industries come from its template." validationMessage={errors.aiSettingTemplateId}>
                  <Select value={form.aiSettingTemplateId} onChange={set('aiSettingTemplateId')} data-testid="page-ai-template">
                    <option value="">No template</option>
                    {(templates.data ?? []).map((t) => (
                      <option key={t.id} value={t.id}>
                        {t.templateName}
                      </option>
                    ))}
                  </Select>
                </Field>
              </DialogContent>
              <DialogActions>
                <Button appearance="secondary" onClick={requestClose} data-testid="page-cancel">
                  Cancel
                </Button>
                <Button appearance="primary" type="submit" disabled={pending} icon={pending ? <Spinner size="tiny" /> : undefined} data-testid="page-save">
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

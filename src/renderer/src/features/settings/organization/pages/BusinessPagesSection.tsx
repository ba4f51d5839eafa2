import { useState } from 'react'
import { Badge, Button, Caption1, Card, CardHeader, Link, Text, makeStyles, tokens } from '@fluentui/react-components'
import { Add20Regular, Delete20Regular, Edit20Regular, Star20Regular } from '@fluentui/react-icons'
import type { BusinessPage, Organization } from '@shared/domain'
import {
  useBusinessPostTags,
  useCreateBusinessPostTag,
  useDeleteBusinessPage,
  useDeleteBusinessPostTag,
  useSetDefaultBusinessPage
} from '@renderer/api/businessPages'
import { useOrganization } from '@renderer/api/organization'
import { useNotify } from '@renderer/lib/toasts'
import { DeleteConfirm } from '@renderer/components/DeleteConfirm'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { TagList, useTagListItems } from '@renderer/components/TagList'
import { useHost } from '@renderer/host/HostContext'
import { failureToast } from '@renderer/lib/failureToast'
import { nextTagColor } from '../tags/tagColors'
import { BusinessPageDialog } from './BusinessPageDialog'
import { PersonAvatar } from '@renderer/components/PersonAvatar'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  spacer: { flexGrow: 1 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL },
  body: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingHorizontalXL, '@media (min-width: 960px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
  details: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  heading: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold }
})

/**
 * The organization's default business page: the one it chose (PUT
 * /organization/settings/default-page/update), else its first page (the one onboarding made), so an
 * organization with pages always shows one as the default.
 */
function defaultPageId(organization: Pick<Organization, 'organizationBusinessPages' | 'defaultBusinessPageId'>): string | null {
  const pages = organization.organizationBusinessPages
  const chosen = pages.find((p) => p.id === organization.defaultBusinessPageId)
  return (chosen ?? pages[0])?.id ?? null
}

/** A page's business post tags (spec §3): listed, created from the list, deleted. */
function BusinessPostTags({ page }: { page: BusinessPage }) {
  const styles = useStyles()
  const notify = useNotify()
  const tags = useBusinessPostTags(page.id)
  const create = useCreateBusinessPostTag(page.id)
  const remove = useDeleteBusinessPostTag(page.id)
  const items = useTagListItems(tags.data, null, 'business')
  return (
    <div className={styles.details}>
      <h4 className={styles.heading}>Business post tags</h4>
      {tags.isError ? <ErrorState onRetry={() => void tags.refetch()} /> : null}
      <TagList
        items={items}
        loading={tags.isFetching}
        emptyMessage="No business tags found."
        onCreate={(title, idempotencyKey) =>
          create.mutateAsync(
            { title, color: nextTagColor(tags.data?.length ?? 0), idempotencyKey },
            { onError: (error) => notify(failureToast('Business tag not created ⚠️', error)) }
          )
        }
        creating={create.isPending}
        actions={(item) => (
          <Button
            appearance="subtle"
            size="small"
            icon={<Delete20Regular />}
            aria-label={`Delete ${item.label}`}
            disabled={remove.isPending}
            onClick={() => remove.mutate(item.id, { onError: (error) => notify(failureToast('Business tag not deleted ⚠️', error)) })}
          />
        )}
        label={`Business post tags of ${page.linkedInCompanyName}`}
        data-testid={`business-tags-${page.id}`}
      />
    </div>
  )
}

function PageCard({ page, isDefault, onEdit, onDelete }: { page: BusinessPage; isDefault: boolean; onEdit: () => void; onDelete: () => void }) {
  const styles = useStyles()
  const host = useHost()
  const notify = useNotify()
  const setDefault = useSetDefaultBusinessPage()
  const industries = page.aiSettingTemplate?.industries.map((i) => i.industry) ?? []
  const external = (url: string) => (event: React.MouseEvent) => {
    event.preventDefault()
    void host.openExternal(url).catch(() => undefined)
  }
  return (
    <Card className={styles.card} data-testid={`business-page-${page.linkedInCompanyName}`}>
      <CardHeader
        image={<PersonAvatar name={page.linkedInCompanyName} image={page.image ? { src: page.image } : undefined} shape="square" size={40} color="colorful" />}
        header={
          <Text weight="semibold">
            {page.linkedInCompanyName}{' '}
            {isDefault ? (
              <Badge appearance="tint" color="brand" data-testid="business-page-default-badge">
                Default
              </Badge>
            ) : null}
          </Text>
        }
        description={<Caption1 className={styles.muted}>{industries.length > 0 ? industries.join(', ') : 'No industries'}</Caption1>}
      />
      <div className={styles.body}>
        <div className={styles.details}>
          {page.linkedInCompanyDescription ? <Text>{page.linkedInCompanyDescription}</Text> : null}
          {page.linkedInPageLink ? (
            <Link href={page.linkedInPageLink} onClick={external(page.linkedInPageLink)}>
              LinkedIn page
            </Link>
          ) : null}
          {page.linkedInWebsite ? (
            <Link href={page.linkedInWebsite} onClick={external(page.linkedInWebsite)}>
              {page.linkedInWebsite}
            </Link>
          ) : null}
          <div className={styles.actions}>
            <Button icon={<Edit20Regular />} onClick={onEdit} data-testid="business-page-edit">
              Edit
            </Button>
            {!isDefault ? (
              <Button
                icon={<Star20Regular />}
                disabled={setDefault.isPending}
                onClick={() => setDefault.mutate(page.id, { onError: (error) => notify(failureToast('Default page not set ⚠️', error)) })}
                data-testid="business-page-default"
              >
                Make default
              </Button>
            ) : null}
            <Button appearance="subtle" icon={<Delete20Regular />} onClick={onDelete} data-testid="business-page-delete">
              Delete
            </Button>
          </div>
        </div>
        <BusinessPostTags page={page} />
      </div>
    </Card>
  )
}

/** The organization's business pages with their business post tags. */
export function BusinessPagesSection() {
  const styles = useStyles()
  const notify = useNotify()
  const organization = useOrganization()
  const remove = useDeleteBusinessPage()
  const [dialog, setDialog] = useState<{ page: BusinessPage | null } | null>(null)
  const [deleting, setDeleting] = useState<BusinessPage | null>(null)
  const defaultId = organization.data ? defaultPageId(organization.data) : null
  // The default page first, as AI templates list the default template first (spec §9).
  const listed = organization.data?.organizationBusinessPages ?? []
  const pages = [...listed.filter((p) => p.id === defaultId), ...listed.filter((p) => p.id !== defaultId)]

  return (
    <section className={styles.root} aria-label="Business pages" data-testid="pages-section">
      <div className={styles.toolbar}>
        <span className={styles.spacer} />
        <Button appearance="primary" icon={<Add20Regular />} onClick={() => setDialog({ page: null })} data-testid="new-business-page">
          Add business page
        </Button>
      </div>
      {organization.isPending ? <LoadingState inline shape="cards" label="Loading business pages…" /> : null}
      {organization.isError ? <ErrorState onRetry={() => void organization.refetch()} /> : null}
      {organization.isSuccess && pages.length === 0 ? (
        <EmptyState
          message="No results found"
          hint="Add the organization's LinkedIn pages so members can post as them and plan slots for them."
          action={{ label: 'Add a business page', icon: <Add20Regular />, onClick: () => setDialog({ page: null }), 'data-testid': 'pages-empty-add' }}
        />
      ) : null}
      {pages.length > 0 ? (
        <ul className={styles.list}>
          {pages.map((page) => (
            <li key={page.id}>
              <PageCard
                page={page}
                isDefault={page.id === defaultId}
                onEdit={() => setDialog({ page })}
                onDelete={() => setDeleting(page)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <BusinessPageDialog open={dialog !== null} page={dialog?.page ?? null} onClose={() => setDialog(null)} />
      <DeleteConfirm
        open={deleting !== null}
        title="Delete business page"
        message={`Are you sure you want to delete ${deleting?.linkedInCompanyName ?? ''}? Its business post tags are deleted too.`}
        confirmLabel="Delete page"
        onClose={() => setDeleting(null)}
        onDelete={async () => {
          if (!deleting) return
          await remove.mutateAsync(deleting.id)
          notify({ title: 'Business page deleted ✅', body: `${deleting.linkedInCompanyName} has been deleted.` })
        }}
        onError={(error) => notify(failureToast('Business page not deleted ⚠️', error))}
        data-testid="delete-page-dialog"
      />
    </section>
  )
}

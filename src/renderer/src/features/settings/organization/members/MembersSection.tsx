import { useCallback, useMemo, useState } from 'react'
import { Button, Caption1, Input, ToggleButton, makeStyles, tokens } from '@fluentui/react-components'
import { Mail20Regular, PersonAdd20Regular, Search20Regular } from '@fluentui/react-icons'
import type { Member } from '@shared/domain'
import { useDeleteMember, useMemberPages } from '@renderer/api/members'
import { useUser } from '@renderer/api/user'
import { useNotify } from '@renderer/lib/toasts'
import { CONFIRM_TEXTS } from '@renderer/components/ConfirmDialog'
import { DeleteConfirm } from '@renderer/components/DeleteConfirm'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { memberName } from '@renderer/components/memberOptions'
import { VirtualTable } from '@renderer/components/VirtualTable'
import { useDebouncedValue } from '@renderer/hooks/useDebouncedValue'
import { failureToast } from '@renderer/lib/failureToast'
import { MemberDialog } from '@renderer/dialogs/members/MemberDialog'
import { useMemberColumns } from './memberColumns'
import { MemberEraseDialog, MemberExportDialog } from './MemberDataDialogs'
import { OutboxPanel } from './OutboxPanel'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  search: { minWidth: '240px', flexGrow: 1, maxWidth: '420px' },
  spacer: { flexGrow: 1 },
  layout: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingHorizontalL },
  withOutbox: { '@media (min-width: 1200px)': { gridTemplateColumns: 'minmax(0, 1fr) 360px' } },
  muted: { color: tokens.colorNeutralForeground3 },
  footer: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM }
})

/** The members list is asked for once typing pauses this long. */
const SEARCH_DELAY_MS = 300

/** The members of the organization: a virtualized table loaded page by page, search, invite, edit and delete. */
export function MembersSection() {
  const styles = useStyles()
  const notify = useNotify()
  const user = useUser()
  const [search, setSearch] = useState('')
  const pages = useMemberPages(useDebouncedValue(search, SEARCH_DELAY_MS))
  const remove = useDeleteMember()
  const [editing, setEditing] = useState<Member | null>(null)
  const [inviting, setInviting] = useState(false)
  const [deleting, setDeleting] = useState<Member | null>(null)
  const [outboxOpen, setOutboxOpen] = useState(false)
  const [exporting, setExporting] = useState<Member | null>(null)
  const [erasing, setErasing] = useState<Member | null>(null)

  const members = useMemo(() => pages.data?.pages.flatMap((p) => p.members) ?? [], [pages.data])
  const total = pages.data?.pages[0]?.total ?? 0
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  const columns = useMemberColumns({ selfId: user.data?.id, onEdit: setEditing, onDelete: setDeleting, onExport: setExporting, onErase: setErasing })

  const closeDialog = useCallback(() => {
    setInviting(false)
    setEditing(null)
  }, [])

  const deleteMember = async () => {
    if (!deleting) return
    const name = memberName(deleting)
    await remove.mutateAsync(deleting.id)
    notify({ title: 'User deleted ✅', body: `${name} has been removed from the organization.` })
  }

  return (
    <section className={styles.root} aria-label="Members" data-testid="members-section">
      <div className={styles.toolbar}>
        <Input
          className={styles.search}
          contentBefore={<Search20Regular />}
          placeholder="Search by name or email"
          aria-label="Search members"
          value={search}
          onChange={(_, d) => setSearch(d.value)}
          data-testid="members-search"
        />
        <Caption1 className={styles.muted} data-testid="members-count">
          {pages.isSuccess ? `${total} ${total === 1 ? 'member' : 'members'}` : ''}
        </Caption1>
        <span className={styles.spacer} />
        <ToggleButton icon={<Mail20Regular />} checked={outboxOpen} onClick={() => setOutboxOpen((v) => !v)} data-testid="outbox-toggle">
          Outbox
        </ToggleButton>
        <Button appearance="primary" icon={<PersonAdd20Regular />} onClick={() => setInviting(true)} data-testid="invite-user">
          Invite user
        </Button>
      </div>
      <div className={outboxOpen ? `${styles.layout} ${styles.withOutbox}` : styles.layout}>
        <div>
          {pages.isPending ? <LoadingState inline label="Loading members…" /> : null}
          {pages.isError ? <ErrorState onRetry={() => void pages.refetch()} /> : null}
          {pages.isSuccess && members.length === 0 ? (
            <EmptyState
              message="No results found"
              hint={search.trim() ? 'Nobody matches this search. Try part of a name or an email.' : undefined}
              action={search.trim() ? { label: 'Clear search', onClick: () => setSearch(''), 'data-testid': 'members-empty-clear' } : undefined}
            />
          ) : null}
          {pages.isSuccess && members.length > 0 ? (
            <>
              <VirtualTable
                rows={members}
                columns={columns}
                getRowId={(m) => m.id}
                label="Members"
                totalRows={total}
                onEndReached={loadMore}
                data-testid="members-table"
                rowTestId={(m) => `member-row-${m.email}`}
              />
              <div className={styles.footer}>
                <Caption1 className={styles.muted}>
                  Showing {members.length} of {total}
                </Caption1>
                {hasNextPage ? (
                  <Button onClick={loadMore} disabled={isFetchingNextPage} data-testid="members-load-more">
                    {isFetchingNextPage ? 'Loading…' : 'Load more'}
                  </Button>
                ) : null}
              </div>
            </>
          ) : null}
        </div>
        {outboxOpen ? <OutboxPanel /> : null}
      </div>
      <MemberDialog open={inviting || editing !== null} member={editing} onClose={closeDialog} />
      <DeleteConfirm
        open={deleting !== null}
        {...CONFIRM_TEXTS.deleteUser(deleting ? memberName(deleting) : '')}
        onDelete={deleteMember}
        onError={(error) => notify(failureToast('User not deleted ⚠️', error))}
        onClose={() => setDeleting(null)}
        data-testid="delete-user-dialog"
      />
      {exporting ? <MemberExportDialog member={exporting} onClose={() => setExporting(null)} /> : null}
      {erasing ? <MemberEraseDialog member={erasing} onClose={() => setErasing(null)} /> : null}
    </section>
  )
}

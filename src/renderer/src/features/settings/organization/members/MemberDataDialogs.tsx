import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text } from '@fluentui/react-components'
import type { Member } from '@shared/domain'
import { useEraseMemberAccount, useMemberDataExports, useMemberErasurePreview, useRequestMemberDataExport } from '@renderer/api/privacy'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { memberName } from '@renderer/components/memberOptions'
import { newIdempotencyKey } from '@renderer/components/useFormDialog'
import { useSingleFlight } from '@renderer/components/useSingleFlight'
import { failureToast } from '@renderer/lib/failureToast'
import { useNotify } from '@renderer/lib/toasts'
import { EraseAccountDialog } from '../../privacy/EraseAccountDialog'
import { ExportList } from '../../privacy/ExportList'

/**
 * An admin's "Export data" on a member (issue 28): what it holds, the member's earlier exports asked
 * here, and Prepare export (audited); progress while it is prepared, then Download.
 */
export function MemberExportDialog({ member, onClose }: { member: Member; onClose: () => void }) {
  const notify = useNotify()
  const exports = useMemberDataExports(member.id)
  const request = useRequestMemberDataExport()
  const { running, run } = useSingleFlight()
  const name = memberName(member)
  const preparing = exports.data?.exports.some((e) => e.status === 'queued' || e.status === 'running') ?? false
  const prepare = () =>
    run(async () => {
      try {
        await request.mutateAsync({ userId: member.id, idempotencyKey: newIdempotencyKey() })
      } catch (error) {
        notify(failureToast('Export not started ⚠️', error))
      }
    })
  return (
    <Dialog open onOpenChange={(_, d) => (d.open ? undefined : onClose())}>
      <DialogSurface data-testid="member-export-dialog">
        <DialogBody>
          <DialogTitle>Export {name}’s data</DialogTitle>
          <DialogContent>
            <Text as="p">
              A ZIP of JSON and CSV files with this organization&rsquo;s data about {name}: profile, membership, posts and their versions, feedback they wrote,
              certificates, notifications and audit entries. The audit log records that you asked for it; {name} can download it too.
            </Text>
            {exports.isPending ? <LoadingState inline label="Loading exports…" /> : null}
            {exports.isError ? <ErrorState onRetry={() => void exports.refetch()} /> : null}
            {exports.isSuccess && exports.data.exports.length === 0 ? <EmptyState message="No exports yet" hint="Prepare one with the button below." /> : null}
            {exports.isSuccess && exports.data.exports.length > 0 ? <ExportList exports={exports.data.exports} /> : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} data-testid="member-export-close">
              Close
            </Button>
            <Button appearance="primary" disabled={running || preparing} onClick={() => void prepare()} data-testid="member-export-prepare">
              {preparing ? 'Preparing…' : 'Prepare export'}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** An admin's "Erase account" on a member: the dialog says what this organization's setting does, then asks for their email typed. */
export function MemberEraseDialog({ member, onClose }: { member: Member; onClose: () => void }) {
  const notify = useNotify()
  const preview = useMemberErasurePreview(member.id)
  const erase = useEraseMemberAccount()
  const name = memberName(member)
  // Until the preview is here, a dialog of its own holds the wait or the failure, with Close, so
  // neither lands below the table out of sight nor stays there with no way out.
  if (!preview.isSuccess) {
    return (
      <Dialog open onOpenChange={(_, d) => (d.open ? undefined : onClose())}>
        <DialogSurface data-testid="erase-account-preview">
          <DialogBody>
            <DialogTitle>Erase {name}’s account?</DialogTitle>
            <DialogContent>
              {preview.isError ? <ErrorState onRetry={() => void preview.refetch()} /> : <LoadingState inline label="Loading what erasing does…" />}
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} data-testid="erase-account-preview-close">
                Close
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    )
  }
  return (
    <EraseAccountDialog
      mode="member"
      name={name}
      preview={preview.data}
      onErase={async (values, idempotencyKey) => {
        await erase.mutateAsync({ userId: member.id, confirmation: values.confirmation, idempotencyKey })
        notify({ title: 'Account erased ✅', body: `${name}’s account and data have been erased.` })
        onClose()
      }}
      onClose={onClose}
    />
  )
}

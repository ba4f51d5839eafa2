import { useState } from 'react'
import { Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowDownload20Regular, Delete20Regular } from '@fluentui/react-icons'
import { PERSONAL_DATA_EXPORT_DAYS } from '@shared/domain/privacy'
import { paths } from '@shared/routes'
import { useEraseOwnAccount, useOwnDataExports, useOwnErasurePreview, useRequestOwnDataExport } from '@renderer/api/privacy'
import { newIdempotencyKey } from '@renderer/components/useFormDialog'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { LoadingState } from '@renderer/components/LoadingState'
import { useSingleFlight } from '@renderer/components/useSingleFlight'
import { useReload } from '@renderer/host/HostContext'
import { failureToast } from '@renderer/lib/failureToast'
import { useNotify } from '@renderer/lib/toasts'
import { EraseAccountDialog } from './privacy/EraseAccountDialog'
import { ExportList } from './privacy/ExportList'

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  card: { maxWidth: '560px', padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', justifyContent: 'flex-end' }
})

/** Download my data: ask for an export, follow its progress, download it while it lasts. */
function DownloadMyData() {
  const styles = useStyles()
  const notify = useNotify()
  const exports = useOwnDataExports()
  const request = useRequestOwnDataExport()
  const { running, run } = useSingleFlight()
  const preparing = exports.data?.exports.some((e) => e.status === 'queued' || e.status === 'running') ?? false
  const ask = () =>
    run(async () => {
      try {
        await request.mutateAsync({ idempotencyKey: newIdempotencyKey() })
      } catch (error) {
        notify(failureToast('Export not started ⚠️', error))
      }
    })
  return (
    <Card className={styles.card} data-testid="privacy-export">
      <h2 className={styles.heading}>Download my data</h2>
      <Text>
        Everything Pagecrew holds about you — profile, memberships, posts and their versions, feedback you wrote, SSI, certificates, notifications and audit
        entries — as a ZIP of JSON and CSV files. It is prepared in the background; you are notified when it is ready, and it can be downloaded for{' '}
        {PERSONAL_DATA_EXPORT_DAYS} days.
      </Text>
      {exports.isPending ? <LoadingState inline label="Loading your exports…" /> : null}
      {exports.isError ? <ErrorState onRetry={() => void exports.refetch()} /> : null}
      {exports.isSuccess && exports.data.exports.length === 0 ? (
        <EmptyState message="No exports yet" hint="Ask for one below: it usually takes less than a minute." />
      ) : null}
      {exports.isSuccess && exports.data.exports.length > 0 ? <ExportList exports={exports.data.exports} /> : null}
      <div className={styles.actions}>
        <Button appearance="primary" icon={<ArrowDownload20Regular />} disabled={running || preparing} onClick={() => void ask()} data-testid="privacy-request-export">
          {preparing ? 'Preparing your data…' : 'Download my data'}
        </Button>
      </div>
    </Card>
  )
}

/** Delete my account: the dialog says what happens in each organization and asks for the email typed. */
function DeleteMyAccount() {
  const styles = useStyles()
  const notify = useNotify()
  const reload = useReload()
  const [open, setOpen] = useState(false)
  const preview = useOwnErasurePreview(open)
  const erase = useEraseOwnAccount()
  return (
    <Card className={styles.card} data-testid="privacy-delete">
      <h2 className={styles.heading}>Delete my account</h2>
      <Text>
        Erases your account and everything about you. Each organization you belong to decides whether your posts and comments stay, shown as &ldquo;Former
        member&rdquo;, or are removed. You may want to download your data first.
      </Text>
      <div className={styles.actions}>
        <Button icon={<Delete20Regular />} onClick={() => setOpen(true)} data-testid="privacy-delete-account">
          Delete my account
        </Button>
      </div>
      {open && preview.isPending ? <LoadingState inline label="Loading what deleting your account does…" /> : null}
      {open && preview.isError ? <ErrorState onRetry={() => void preview.refetch()} /> : null}
      {open && preview.isSuccess ? (
        <EraseAccountDialog
          mode="self"
          preview={preview.data}
          onErase={async (values, idempotencyKey) => {
            await erase.mutateAsync({ confirmation: values.confirmation, currentPassword: values.currentPassword || undefined, idempotencyKey })
            notify({ title: 'Account deleted 👋', body: 'Your account and your data have been erased.' })
            reload(paths.login)
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </Card>
  )
}

/** /settings/privacy (issue 28): each person's data, out and erased. */
export default function PrivacySettingsPage() {
  const styles = useStyles()
  return (
    <div className={styles.page}>
      <DownloadMyData />
      <DeleteMyAccount />
    </div>
  )
}

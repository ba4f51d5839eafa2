import { useState, type ReactNode } from 'react'
import { Badge, Button, Field, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import type { Certificate } from '@shared/domain/academy'
import { useCertificates, useRevokeCertificate } from '@renderer/api/academy'
import { GENERIC_ERROR_MESSAGE, isApiError } from '@renderer/api/client'
import { EmptyState } from '@renderer/components/EmptyState'
import { ErrorState } from '@renderer/components/ErrorState'
import { FormDialog, useFormDialog } from '@renderer/components/FormDialog'
import { ListSkeleton } from '@renderer/components/Skeletons'
import { formatDate } from '@renderer/lib/formatDate'
import { useNotify } from '@renderer/lib/toasts'
import { CertificateDialog } from './CertificateView'

const useStyles = makeStyles({
  scroll: { overflowX: 'auto', minWidth: 0 },
  table: { minWidth: '560px' },
  muted: { color: tokens.colorNeutralForeground3 }
})

function Status({ certificate }: { certificate: Certificate }) {
  return certificate.revokedAt ? (
    <Badge appearance="tint" color="danger" data-testid="certificate-status">
      Revoked {formatDate(certificate.revokedAt, 'date')}
    </Badge>
  ) : (
    <Badge appearance="tint" color="success" data-testid="certificate-status">
      Valid
    </Badge>
  )
}

const failureMessage = (error: unknown) => (isApiError(error) && error.isClientError ? error.message : GENERIC_ERROR_MESSAGE)

interface CertificatesTableProps {
  scope: 'mine' | 'organization'
  /** Adds a Holder column before Course (the organization's list; yours are all yours). */
  withHolder?: boolean
  label: string
  loadingLabel: string
  loadingRows: number
  empty: { message: string; hint: string; testId: string }
  testIds: { table: string; row: string }
  /** The row's Actions cell. */
  action: (certificate: Certificate) => ReactNode
  /** Shown after the table once the certificates have loaded (the row actions' dialog). */
  children?: ReactNode
}

/** One scope's certificates as a table, with its loading, error and empty states. */
function CertificatesTable({ scope, withHolder = false, label, loadingLabel, loadingRows, empty, testIds, action, children }: CertificatesTableProps) {
  const styles = useStyles()
  const certificates = useCertificates(scope)
  if (certificates.isPending) return <ListSkeleton label={loadingLabel} rows={loadingRows} />
  if (certificates.isError) return <ErrorState message={failureMessage(certificates.error)} onRetry={() => void certificates.refetch()} />
  if (certificates.data.length === 0) return <EmptyState message={empty.message} hint={empty.hint} data-testid={empty.testId} />
  return (
    <>
      <div className={styles.scroll} data-scrolls-sideways="" tabIndex={0} role="region" aria-label={label}>
        <Table className={styles.table} aria-label={label} data-testid={testIds.table}>
          <TableHeader>
            <TableRow>
              {withHolder ? <TableHeaderCell>Holder</TableHeaderCell> : null}
              <TableHeaderCell>Course</TableHeaderCell>
              <TableHeaderCell>Issued</TableHeaderCell>
              <TableHeaderCell>Status</TableHeaderCell>
              <TableHeaderCell>
                <span className={styles.muted}>Actions</span>
              </TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {certificates.data.map((certificate) => (
              <TableRow key={certificate.certificateId} data-testid={testIds.row} data-certificate-id={certificate.certificateId}>
                {withHolder ? <TableCell>{certificate.holderName}</TableCell> : null}
                <TableCell>{certificate.courseTitle}</TableCell>
                <TableCell>{formatDate(certificate.issuedAt, 'date')}</TableCell>
                <TableCell>
                  <Status certificate={certificate} />
                </TableCell>
                <TableCell>{action(certificate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {children}
    </>
  )
}

/** "My certificates": each opens its printable view. */
export function MyCertificates() {
  const [open, setOpen] = useState<Certificate | null>(null)
  return (
    <CertificatesTable
      scope="mine"
      label="My certificates"
      loadingLabel="Loading your certificates…"
      loadingRows={2}
      empty={{
        message: 'No certificates yet',
        hint: 'Complete a course and pass its final quiz (80 % or more) to earn a certificate you can print, download and add to your LinkedIn profile.',
        testId: 'academy-certificates-empty'
      }}
      testIds={{ table: 'academy-my-certificates', row: 'academy-my-certificate' }}
      action={(certificate) => (
        <Button size="small" onClick={() => setOpen(certificate)} data-testid="academy-my-certificate-open">
          View certificate
        </Button>
      )}
    >
      {open ? <CertificateDialog certificate={open} onClose={() => setOpen(null)} /> : null}
    </CertificatesTable>
  )
}

/** Revoke, with an optional reason: the certificate then validates as revoked. */
function RevokeDialog({ certificate, onClose }: { certificate: Certificate; onClose: () => void }) {
  const revoke = useRevokeCertificate()
  const notify = useNotify()
  const form = useFormDialog({ initial: { reason: '' }, onClose, closeQuestion: null })
  return (
    <FormDialog
      form={form}
      title="Revoke certificate"
      label="Revoke certificate"
      submitLabel="Revoke certificate"
      failureTitle="Certificate not revoked ⚠️"
      testIds={{ dialog: 'revoke-dialog', submit: 'revoke-confirm', cancel: 'revoke-cancel' }}
      onSubmit={async ({ values }) => {
        const reason = values.reason.trim()
        await revoke.mutateAsync({ certificateId: certificate.certificateId, ...(reason ? { reason } : {}) })
        notify({ title: 'Certificate revoked ✅', body: `${certificate.holderName}’s certificate for ${certificate.courseTitle} now validates as revoked.` })
        onClose()
      }}
    >
      <Text>
        Revoke {certificate.holderName}’s certificate for {certificate.courseTitle}? Anyone who checks it will see that it was revoked. This cannot be undone; they can
        earn a new one by passing the quiz again.
      </Text>
      <Field label="Reason (optional)" validationMessage={form.errors.reason}>
        <Textarea value={form.values.reason} onChange={(_, d) => form.set('reason', d.value)} maxLength={500} resize="vertical" data-testid="revoke-reason" />
      </Field>
    </FormDialog>
  )
}

/** Admins: every certificate of the organization, with Revoke. */
export function OrganizationCertificates() {
  const [revoking, setRevoking] = useState<Certificate | null>(null)
  return (
    <CertificatesTable
      scope="organization"
      withHolder
      label="Certificates of the organization"
      loadingLabel="Loading the organization’s certificates…"
      loadingRows={3}
      empty={{
        message: 'No certificates in your organization yet',
        hint: 'Members earn one by passing a course’s final quiz; they appear here.',
        testId: 'academy-org-certificates-empty'
      }}
      testIds={{ table: 'academy-org-certificates', row: 'academy-org-certificate' }}
      action={(certificate) =>
        certificate.revokedAt ? null : (
          <Button size="small" onClick={() => setRevoking(certificate)} data-testid="academy-org-certificate-revoke">
            Revoke
          </Button>
        )
      }
    >
      {revoking ? <RevokeDialog key={revoking.certificateId} certificate={revoking} onClose={() => setRevoking(null)} /> : null}
    </CertificatesTable>
  )
}

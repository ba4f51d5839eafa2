import { useState } from 'react'
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

/** "My certificates": each opens its printable view. */
export function MyCertificates() {
  const styles = useStyles()
  const certificates = useCertificates('mine')
  const [open, setOpen] = useState<Certificate | null>(null)
  if (certificates.isPending) return <ListSkeleton label="Loading your certificates…" rows={2} />
  if (certificates.isError) return <ErrorState message={failureMessage(certificates.error)} onRetry={() => void certificates.refetch()} />
  if (certificates.data.length === 0) {
    return <EmptyState message="No certificates yet" hint="Complete a course and pass its final quiz (80 % or more) to earn a certificate you can print, download and add to your LinkedIn profile." data-testid="academy-certificates-empty" />
  }
  return (
    <>
      <div className={styles.scroll} data-scrolls-sideways="">
        <Table className={styles.table} aria-label="My certificates" data-testid="academy-my-certificates">
          <TableHeader>
            <TableRow>
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
              <TableRow key={certificate.certificateId} data-testid="academy-my-certificate">
                <TableCell>{certificate.courseTitle}</TableCell>
                <TableCell>{formatDate(certificate.issuedAt, 'date')}</TableCell>
                <TableCell>
                  <Status certificate={certificate} />
                </TableCell>
                <TableCell>
                  <Button size="small" onClick={() => setOpen(certificate)} data-testid="academy-my-certificate-open">
                    View certificate
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {open ? <CertificateDialog certificate={open} onClose={() => setOpen(null)} /> : null}
    </>
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
  const styles = useStyles()
  const certificates = useCertificates('organization')
  const [revoking, setRevoking] = useState<Certificate | null>(null)
  if (certificates.isPending) return <ListSkeleton label="Loading the organization’s certificates…" rows={3} />
  if (certificates.isError) return <ErrorState message={failureMessage(certificates.error)} onRetry={() => void certificates.refetch()} />
  if (certificates.data.length === 0) {
    return <EmptyState message="No certificates in your organization yet" hint="Members earn one by passing a course’s final quiz; they appear here." data-testid="academy-org-certificates-empty" />
  }
  return (
    <>
      <div className={styles.scroll} data-scrolls-sideways="">
        <Table className={styles.table} aria-label="Certificates of the organization" data-testid="academy-org-certificates">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Holder</TableHeaderCell>
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
              <TableRow key={certificate.certificateId} data-testid="academy-org-certificate" data-certificate-id={certificate.certificateId}>
                <TableCell>{certificate.holderName}</TableCell>
                <TableCell>{certificate.courseTitle}</TableCell>
                <TableCell>{formatDate(certificate.issuedAt, 'date')}</TableCell>
                <TableCell>
                  <Status certificate={certificate} />
                </TableCell>
                <TableCell>
                  {certificate.revokedAt ? null : (
                    <Button size="small" onClick={() => setRevoking(certificate)} data-testid="academy-org-certificate-revoke">
                      Revoke
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {revoking ? <RevokeDialog key={revoking.certificateId} certificate={revoking} onClose={() => setRevoking(null)} /> : null}
    </>
  )
}

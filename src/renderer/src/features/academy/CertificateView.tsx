import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
  makeStaticStyles,
  makeStyles,
  tokens
} from '@fluentui/react-components'
import { ArrowDownload20Regular, Copy20Regular, Print20Regular } from '@fluentui/react-icons'
import type { Certificate } from '@shared/domain/academy'
import { linkedInAddCertificationUrl } from '@shared/rules/linkedInCertification'
import { useDownloadCertificatePdf } from '@renderer/api/academy'
import { useSingleFlight } from '@renderer/components/useSingleFlight'
import { useHost } from '@renderer/host/HostContext'
import { failureToast } from '@renderer/lib/failureToast'
import { formatDate } from '@renderer/lib/formatDate'
import { useNotify } from '@renderer/lib/toasts'

const PRINTABLE_CLASS = 'pagecrew-printable-certificate'

// Printing shows the certificate alone, whatever is around it (the shell, a dialog's backdrop).
const usePrintStyles = makeStaticStyles(`
@media print {
  body * { visibility: hidden !important; }
  .${PRINTABLE_CLASS}, .${PRINTABLE_CLASS} * { visibility: visible !important; }
  .${PRINTABLE_CLASS} { position: fixed; inset: 0; margin: 0; justify-content: center; box-shadow: none !important; }
  @page { size: landscape; margin: 12mm; }
}
`)

const useStyles = makeStyles({
  certificate: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    textAlign: 'center',
    border: `3px double ${tokens.colorBrandStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1
  },
  kicker: { textTransform: 'uppercase', letterSpacing: '0.12em', color: tokens.colorBrandForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
  holder: { fontFamily: 'Georgia, "Times New Roman", serif' },
  id: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere', textAlign: 'center' },
  revoked: { color: tokens.colorStatusDangerForeground1, fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  surface: { maxWidth: '760px', width: '100%' },
  view: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL }
})

/** The certificate itself as it prints. */
function PrintableCertificate({ certificate }: { certificate: Certificate }) {
  usePrintStyles()
  const styles = useStyles()
  return (
    <section className={`${styles.certificate} ${PRINTABLE_CLASS}`} aria-label="Certificate" data-testid="printable-certificate">
      <Text className={styles.kicker} weight="semibold">
        Pagecrew Academy · Certificate of completion
      </Text>
      <Text className={styles.muted}>This certifies that</Text>
      <Text as="h2" size={800} weight="semibold" className={styles.holder} data-testid="certificate-holder">
        {certificate.holderName}
      </Text>
      <Text className={styles.muted}>has completed the course and passed its final quiz</Text>
      <Text size={600} weight="semibold" data-testid="certificate-course">
        {certificate.courseTitle}
      </Text>
      <Text>
        {certificate.organizationName} · {formatDate(certificate.issuedAt, 'date', { timeZone: 'UTC' })}
      </Text>
      {certificate.revokedAt ? (
        <Text className={styles.revoked} data-testid="certificate-revoked">
          Revoked on {formatDate(certificate.revokedAt, 'date')}
        </Text>
      ) : null}
      <Text className={styles.id}>
        Certificate ID {certificate.certificateId} · Verify at {certificate.validationUrl}
      </Text>
    </section>
  )
}

/** Download PDF, Print, Add to LinkedIn profile, Copy link. */
function CertificateActions({ certificate }: { certificate: Certificate }) {
  const styles = useStyles()
  const host = useHost()
  const notify = useNotify()
  const download = useDownloadCertificatePdf()
  const { run, running } = useSingleFlight()
  const live = certificate.revokedAt === null

  const downloadPdf = () =>
    void run(async () => {
      try {
        if (await download(certificate)) notify({ title: 'Certificate downloaded ✅' })
      } catch (error) {
        notify(failureToast('Download failed ⚠️', error))
      }
    })
  const addToLinkedIn = () => {
    const url = linkedInAddCertificationUrl(certificate)
    host.openExternal(url).catch((error: unknown) => console.error('LinkedIn did not open.', error))
  }
  const copyLink = () =>
    navigator.clipboard.writeText(certificate.validationUrl).then(
      () => notify({ title: 'Link copied ✅', body: 'Anyone with the link can check this certificate.' }),
      () => notify({ title: 'Link not copied ⚠️', body: certificate.validationUrl, intent: 'error' })
    )

  return (
    <div className={styles.actions}>
      <Button appearance="primary" icon={<ArrowDownload20Regular />} onClick={downloadPdf} disabled={running} data-testid="certificate-download">
        Download PDF
      </Button>
      <Button icon={<Print20Regular />} onClick={() => window.print()} data-testid="certificate-print">
        Print
      </Button>
      {live ? (
        <Button onClick={addToLinkedIn} data-testid="certificate-linkedin">
          Add to LinkedIn profile
        </Button>
      ) : null}
      {live ? (
        <Button icon={<Copy20Regular />} onClick={() => void copyLink()} data-testid="certificate-copy-link">
          Copy link
        </Button>
      ) : null}
    </div>
  )
}

/** The certificate with its actions, in a page's flow (the quiz's result). */
export function CertificateView({ certificate }: { certificate: Certificate }) {
  const styles = useStyles()
  return (
    <div className={styles.view} data-testid="certificate-view">
      <PrintableCertificate certificate={certificate} />
      <CertificateActions certificate={certificate} />
    </div>
  )
}

/** The printable view in a dialog (the catalogue's and My certificates' "View certificate"). */
export function CertificateDialog({ certificate, onClose }: { certificate: Certificate; onClose: () => void }) {
  const styles = useStyles()
  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface className={styles.surface} data-testid="certificate-dialog" aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{certificate.courseTitle}</DialogTitle>
          <DialogContent className={styles.view}>
            <PrintableCertificate certificate={certificate} />
          </DialogContent>
          <DialogActions fluid>
            <CertificateActions certificate={certificate} />
            <Button appearance="secondary" onClick={onClose} data-testid="certificate-dialog-close">
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

import type { Readable } from 'node:stream'
import type { Certificate } from '../../../shared/domain/academy'
import { certificateDate } from './certificateView'

/* The printable page (docs/architecture.md, "Academy: content, quizzes and certificates"). */

/**
 * A landscape A4 page: the holder, the course, the organization, the date, the id and where to
 * validate it. pdfkit is loaded on the first certificate, not at start: it is the heaviest module
 * of the server's start-up (issue 16, tests/bench/startup.bench.ts).
 */
export async function certificatePdf(certificate: Certificate): Promise<Readable> {
  const { default: PDFDocument } = await import('pdfkit')
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: { Title: `Certificate: ${certificate.courseTitle}`, Author: 'Pagecrew Academy', Subject: certificate.holderName }
  })
  const { width, height } = doc.page
  const ink = '#1f2937'
  const accent = '#0f6cbd'
  doc.lineWidth(3).strokeColor(accent).rect(24, 24, width - 48, height - 48).stroke()
  doc.lineWidth(1).strokeColor('#9ca3af').rect(34, 34, width - 68, height - 68).stroke()
  const line = (text: string, y: number, font: string, size: number, color = ink) =>
    doc.font(font).fontSize(size).fillColor(color).text(text, 70, y, { width: width - 140, align: 'center', lineBreak: true })
  line('PAGECREW ACADEMY', 80, 'Helvetica-Bold', 14, accent)
  line('Certificate of completion', 115, 'Helvetica-Bold', 34)
  line('This certifies that', 185, 'Helvetica', 14, '#4b5563')
  line(certificate.holderName, 210, 'Helvetica-Bold', 30)
  line('has completed the course', 265, 'Helvetica', 14, '#4b5563')
  line(certificate.courseTitle, 290, 'Helvetica-Bold', 22)
  line(`with ${certificate.organizationName}`, 345, 'Helvetica', 16)
  line(`Issued on ${certificateDate(new Date(certificate.issuedAt))}`, 380, 'Helvetica', 13)
  if (certificate.revokedAt) line(`Revoked on ${certificateDate(new Date(certificate.revokedAt))}`, 402, 'Helvetica-Bold', 13, '#b91c1c')
  line(`Certificate ID: ${certificate.certificateId}`, height - 120, 'Helvetica', 11, '#4b5563')
  line(`Check it at ${certificate.validationUrl}`, height - 102, 'Helvetica', 11, accent)
  doc.end()
  return doc
}

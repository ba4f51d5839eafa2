import { z } from 'zod'
import {
  eraseMemberBodySchema,
  eraseOwnAccountBodySchema,
  erasurePreviewSchema,
  exportMemberBodySchema,
  organizationPrivacySchema,
  personalDataExportListSchema,
  personalDataExportSchema
} from '../../domain/privacy'
import { endpoint, none, ok } from './base'
import { singleLineText } from '../../domain/text'

/*
 * Each person's data, out and erased (issue 28, GDPR articles 15, 17 and 20). The person's own:
 * a session is enough (onboarding included). A member's: the organization's admins, for people of
 * their organization only (another organization's member is a 404).
 */

const exportIdQuery = z.object({ exportId: singleLineText().max(100) })
const memberQuery = z.object({ userId: singleLineText().max(100) })

export const privacyEndpoints = {
  /** Queues "Download everything Pagecrew holds about me"; the job prepares it (status, progress) and notifies when ready. */
  requestOwnDataExport: endpoint({ method: 'POST', path: '/user/privacy/exports', query: none, body: none, response: personalDataExportSchema, idempotent: true }),
  /** The person's exports, newest first (their own, and those an admin asked of them). */
  listOwnDataExports: endpoint({ method: 'GET', path: '/user/privacy/exports', query: none, body: none, response: personalDataExportListSchema }),
  /** The ZIP (JSON + CSV per table): for the person, and the admin who asked for it. Always application/zip. */
  downloadDataExport: endpoint({ method: 'GET', path: '/privacy/exports/download', query: exportIdQuery, body: none, response: z.never() }),
  /** What deleting the account does in each of the person's organizations, and whether something stops it. */
  getOwnErasurePreview: endpoint({ method: 'GET', path: '/user/privacy/erasure', query: none, body: none, response: erasurePreviewSchema }),
  /** Deletes the account (typed email, and the current password of a password account); the session ends. */
  eraseOwnAccount: endpoint({ method: 'POST', path: '/user/privacy/erase', query: none, body: eraseOwnAccountBodySchema, response: ok, idempotent: true }),
  /** An admin exports the organization's rows about one of its members (audited). */
  requestMemberDataExport: endpoint({
    role: 'admin',
    method: 'POST',
    path: '/members/privacy/exports',
    query: none,
    body: exportMemberBodySchema,
    response: personalDataExportSchema,
    idempotent: true
  }),
  /** The exports of a member asked in this organization. */
  listMemberDataExports: endpoint({ role: 'admin', method: 'GET', path: '/members/privacy/exports', query: memberQuery, body: none, response: personalDataExportListSchema }),
  /** What erasing this member does (this organization's setting), and whether something stops it. */
  getMemberErasurePreview: endpoint({ role: 'admin', method: 'GET', path: '/members/privacy/erasure', query: memberQuery, body: none, response: erasurePreviewSchema }),
  /** An admin erases a member's account (typed email; audited): only someone who belongs to no other organization. */
  eraseMemberAccount: endpoint({ role: 'admin', method: 'POST', path: '/members/privacy/erase', query: none, body: eraseMemberBodySchema, response: ok, idempotent: true }),
  /** Settings → Organization: what erasing a member does to their posts and comments. */
  getOrganizationPrivacy: endpoint({ role: 'admin', method: 'GET', path: '/organization/settings/privacy', query: none, body: none, response: organizationPrivacySchema }),
  updateOrganizationPrivacy: endpoint({
    role: 'admin',
    method: 'PUT',
    path: '/organization/settings/privacy/update',
    query: none,
    body: organizationPrivacySchema,
    response: organizationPrivacySchema
  })
} as const

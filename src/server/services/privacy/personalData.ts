import { sql, type SQL } from 'drizzle-orm'

/*
 * THE one declaration of where Pagecrew keeps rows about a person (issue 28, GDPR articles 15, 17
 * and 20): the export reads every table listed here, the erasure handles each (./eraseAccount.ts),
 * and personalData.test.ts compares it with the database on PGlite and PostgreSQL — a foreign key
 * to users(id), or a column named like a person's id or email, that no entry names fails it. A new
 * table about people is added here in the same change, with what its export holds and what erasure
 * does to it. docs/architecture.md, "Personal data: export and erasure", says why each is as it is.
 */

/** What the export holds of a table: the rows `rows` selects, less the columns `omit` names (secrets). */
interface Exported {
  /** The rows about the person whose id is `userId` (a bound parameter). */
  rows: (userId: SQL) => SQL
  /** Columns never written into an export: tokens, hashes, keys (never useful to the person, dangerous in a file). */
  omit?: readonly string[]
  /**
   * Makes one exported row about nobody else: e.g. an audit entry the person made about another
   * member keeps its ids but loses the other person's name and values.
   */
  reduce?: (row: Record<string, unknown>, userId: string) => Record<string, unknown>
}

export interface PersonalTable {
  table: string
  /** Columns that hold a person's user id: every foreign key to users(id), and the ones kept without a key (audit, idempotency). */
  personColumns: readonly string[]
  /** Other columns that identify a person by value: an email, a name or picture copied at the time, JSON holding ids. */
  identifyingColumns?: readonly string[]
  /** The table's organization column: an admin's export of a member reads only their organization's rows; null: nobody's organization (left out of those). */
  organizationColumn: string | null
  /** What the export holds, or why the table is left out of it. */
  export: Exported | { none: string }
  /** What erasing the account does to the table's rows about the person (eraseAccount.ts does it; the docs quote it). */
  erase: string
}

const column = (name: string) => sql.identifier(name)
const ownRows =
  (...names: string[]) =>
  (u: SQL) =>
    sql.join(
      names.map((n) => sql`${column(n)} = ${u}`),
      sql` or `
    )

/** The posts the person wrote: their versions, feedback requests and media come with them. */
const theirPosts = (u: SQL) => sql`select id from posts where author_user_id = ${u}`

/** An audit entry about someone else keeps its ids, not that person's name or values. */
function reduceAuditEntry(row: Record<string, unknown>, userId: string): Record<string, unknown> {
  if (row.target_id === userId) return row
  return { ...row, target_label: null, before: null, after: null }
}

export const PERSONAL_DATA: readonly PersonalTable[] = [
  {
    table: 'users',
    personColumns: ['id'],
    identifyingColumns: ['email', 'full_name', 'image', 'photo_file'],
    organizationColumn: null,
    export: { rows: ownRows('id'), omit: ['password_hash'] },
    erase: 'Deleted. Their posts and comments kept by an organization move to a new "Former member" user with no email, password or membership.'
  },
  {
    table: 'sessions',
    personColumns: ['user_id'],
    organizationColumn: null,
    export: { rows: ownRows('user_id'), omit: ['token_hash'] },
    erase: 'Deleted: every device is signed out at once.'
  },
  {
    table: 'memberships',
    personColumns: ['user_id'],
    organizationColumn: 'organization_id',
    export: { rows: ownRows('user_id') },
    erase: 'Removed from each organization as DELETE /members/delete does (future slots go, posts waiting to publish return to drafts, member.removed).'
  },
  {
    table: 'invitations',
    personColumns: ['invited_by_user_id'],
    organizationColumn: 'organization_id',
    export: {
      rows: (u) => sql`invited_by_user_id = ${u} or membership_id in (select id from memberships where user_id = ${u})`,
      omit: ['token_hash']
    },
    erase: 'Their own go with their memberships; the ones they sent keep no sender.'
  },
  {
    table: 'certificates',
    personColumns: ['user_id', 'revoked_by'],
    identifyingColumns: ['holder_name'],
    organizationColumn: 'organization_id',
    export: { rows: ownRows('user_id') },
    erase: 'Deleted (a certificate names its holder); certificates they revoked keep no revoker.'
  },
  {
    table: 'ssi_records',
    personColumns: ['user_id'],
    organizationColumn: null,
    export: { rows: ownRows('user_id') },
    erase: 'Deleted.'
  },
  {
    table: 'academy_lesson_progress',
    personColumns: ['user_id'],
    organizationColumn: 'organization_id',
    export: { rows: ownRows('user_id') },
    erase: 'Deleted.'
  },
  {
    table: 'academy_quiz_attempts',
    personColumns: ['user_id'],
    organizationColumn: 'organization_id',
    export: { rows: ownRows('user_id') },
    erase: 'Deleted.'
  },
  {
    table: 'organization_lessons',
    personColumns: ['created_by'],
    organizationColumn: 'organization_id',
    export: { rows: ownRows('created_by') },
    erase: "Kept (the organization's lesson), with no author."
  },
  {
    table: 'ai_generations',
    personColumns: ['user_id'],
    organizationColumn: 'organization_id',
    export: { rows: ownRows('user_id') },
    erase: "Kept with no user: the organization's monthly count of generations stays right."
  },
  {
    table: 'linkedin_connections',
    personColumns: ['user_id'],
    identifyingColumns: ['linked_in_member_id', 'member_name'],
    organizationColumn: null,
    export: { rows: ownRows('user_id'), omit: ['access_token_encrypted', 'refresh_token_encrypted'] },
    erase: 'Deleted with its tokens.'
  },
  {
    table: 'linkedin_authorizations',
    personColumns: ['user_id'],
    organizationColumn: null,
    export: { rows: ownRows('user_id'), omit: ['state_hash', 'code_verifier_encrypted'] },
    erase: 'Deleted.'
  },
  {
    table: 'linkedin_api_usage',
    personColumns: ['user_id'],
    organizationColumn: null,
    export: { rows: ownRows('user_id') },
    erase: 'Deleted.'
  },
  {
    table: 'media',
    personColumns: ['uploader_user_id'],
    organizationColumn: 'organization_id',
    export: { rows: ownRows('uploader_user_id'), omit: ['storage_key', 'thumbnail_key'] },
    erase: "The organization's setting: kept as the Former member's, or deleted with their files."
  },
  {
    table: 'business_page_members',
    personColumns: ['user_id'],
    organizationColumn: 'organization_id',
    export: { rows: ownRows('user_id') },
    erase: 'Deleted.'
  },
  {
    table: 'post_tag_assignments',
    personColumns: ['user_id'],
    organizationColumn: 'organization_id',
    export: { rows: ownRows('user_id') },
    erase: 'Deleted.'
  },
  {
    table: 'team_members',
    personColumns: ['user_id'],
    organizationColumn: 'organization_id',
    export: { rows: ownRows('user_id') },
    erase: 'Deleted.'
  },
  {
    table: 'notifications',
    personColumns: ['user_id'],
    organizationColumn: 'organization_id',
    export: { rows: ownRows('user_id') },
    erase: 'Deleted.'
  },
  {
    table: 'notification_unread_counts',
    personColumns: ['user_id'],
    organizationColumn: 'organization_id',
    export: { rows: ownRows('user_id') },
    erase: 'Deleted.'
  },
  {
    table: 'posts',
    personColumns: ['author_user_id', 'approval_decided_by'],
    organizationColumn: 'organization_id',
    export: { rows: ownRows('author_user_id') },
    erase: "The organization's setting: kept as the Former member's, or deleted. Approvals they decided keep no decider."
  },
  {
    table: 'post_versions',
    personColumns: ['saved_by_user_id'],
    organizationColumn: 'organization_id',
    export: { rows: (u) => sql`post_id in (${theirPosts(u)})` },
    erase: 'Go with their posts; versions they saved of other posts keep no saver.'
  },
  {
    table: 'recommendations',
    personColumns: ['created_by'],
    identifyingColumns: ['preview_author'],
    organizationColumn: 'organization_id',
    export: { rows: ownRows('created_by') },
    erase: 'Kept with no recommender; one of their posts previews "Former member" as its author (deleted with the post when the setting removes it).'
  },
  {
    table: 'recommendation_audience',
    personColumns: ['user_id'],
    organizationColumn: null,
    export: { rows: ownRows('user_id') },
    erase: 'Deleted.'
  },
  {
    table: 'recommendation_dismissals',
    personColumns: ['user_id'],
    organizationColumn: null,
    export: { rows: ownRows('user_id') },
    erase: 'Deleted.'
  },
  {
    table: 'review_requests',
    personColumns: ['requested_by_user_id'],
    organizationColumn: 'organization_id',
    export: { rows: (u) => sql`requested_by_user_id = ${u} or post_id in (${theirPosts(u)})` },
    erase: 'Follow their posts; requests they made on other posts keep no requester.'
  },
  {
    table: 'review_reviewers',
    personColumns: ['user_id'],
    organizationColumn: null,
    export: { rows: ownRows('user_id') },
    erase: 'Deleted.'
  },
  {
    table: 'review_feedback',
    personColumns: ['author_user_id', 'resolved_by_user_id'],
    identifyingColumns: ['mentions'],
    organizationColumn: 'organization_id',
    // Only what they wrote: the feedback others wrote on their posts is those people's.
    export: { rows: ownRows('author_user_id') },
    erase: "The organization's setting: kept as the Former member's, or deleted (with the replies under them). Mentions and resolutions of others' feedback point at the Former member."
  },
  {
    table: 'assigned_slots',
    personColumns: ['assignee_id', 'created_by_id'],
    organizationColumn: 'organization_id',
    export: { rows: ownRows('assignee_id') },
    erase: 'Their slots are deleted; slots they created for others keep no creator.'
  },
  {
    table: 'audit_log',
    personColumns: ['actor_user_id'],
    identifyingColumns: ['actor_name', 'target_id', 'target_label', 'before', 'after'],
    organizationColumn: 'organization_id',
    export: { rows: (u) => sql`actor_user_id = ${u} or target_id = (${u})::text`, reduce: reduceAuditEntry },
    erase: 'Entries by or about them name the Former member instead; one tombstone entry (account.erased) says an account was erased, by whom and when — no name.'
  },
  {
    table: 'idempotency_keys',
    personColumns: ['user_id'],
    identifyingColumns: ['body'],
    organizationColumn: 'organization_id',
    export: { none: "A day's replay of answers already given to requests, kept for double clicks: nothing the other tables do not hold." },
    erase: 'Deleted: theirs, and the kept answers of others that mention them.'
  },
  {
    table: 'domain_events',
    personColumns: [],
    identifyingColumns: ['payload', 'actor'],
    organizationColumn: 'organization_id',
    export: { none: 'The stream of changes (ids of what changed) that feeds notifications and webhooks: the facts are the other tables rows.' },
    erase: 'Events naming them name the Former member instead.'
  },
  {
    table: 'webhook_deliveries',
    personColumns: [],
    identifyingColumns: ['payload'],
    organizationColumn: 'organization_id',
    export: { none: "The organization's copies of domain events sent to its webhook endpoints (ids of what changed): the facts are the other tables' rows." },
    erase: 'Deliveries naming them name the Former member instead.'
  },
  {
    table: 'jobs',
    personColumns: [],
    identifyingColumns: ['key', 'payload'],
    organizationColumn: 'organization_id',
    export: { none: 'Background work waiting to run (ids of what it works on), gone once it has run.' },
    erase: 'Jobs naming them name the Former member instead.'
  },
  {
    table: 'outbox',
    personColumns: [],
    identifyingColumns: ['to_address', 'subject', 'body_text'],
    organizationColumn: 'organization_id',
    export: { rows: (u) => sql`to_address = (select email from users where id = ${u})`, omit: ['join_url'] },
    erase: 'Emails sent to them are deleted; emails to others name the Former member instead of them.'
  },
  {
    table: 'sso_authorizations',
    personColumns: [],
    identifyingColumns: ['email'],
    organizationColumn: 'organization_id',
    export: { none: 'A single sign-on under way, gone in minutes.' },
    erase: 'Deleted.'
  },
  {
    table: 'api_keys',
    personColumns: ['created_by', 'revoked_by'],
    organizationColumn: 'organization_id',
    export: { rows: ownRows('created_by'), omit: ['secret_hash'] },
    erase: "Kept (the organization's key acts as the organization, never as a person), with no creator or revoker."
  },
  {
    table: 'approve_links',
    personColumns: ['approver_user_id', 'used_by_user_id'],
    organizationColumn: 'organization_id',
    export: { rows: ownRows('approver_user_id', 'used_by_user_id'), omit: ['token_hash'] },
    erase: 'Their links go with them (an approver link is theirs alone); a channel link they used keeps no user.'
  },
  {
    table: 'webhook_endpoints',
    personColumns: ['created_by_user_id'],
    identifyingColumns: ['created_by_name'],
    organizationColumn: 'organization_id',
    export: { rows: ownRows('created_by_user_id'), omit: ['secret_encrypted'] },
    erase: "Kept (the organization's endpoint), with no creator; its copy of the creator's name reads \"Former member\"."
  },
  {
    table: 'personal_data_exports',
    personColumns: ['subject_user_id', 'requested_by_user_id'],
    organizationColumn: 'organization_id',
    export: { rows: ownRows('subject_user_id'), omit: ['file_key'] },
    erase: 'Deleted with their files; exports they asked for others keep no requester.'
  }
]

/** The tables an export holds (in this order: its files and its progress). */
export const EXPORTED_TABLES = PERSONAL_DATA.filter((t): t is PersonalTable & { export: Exported } => !('none' in t.export))

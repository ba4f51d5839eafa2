/**
 * The audit log (issue 17): what an organization's admins or the system changed. The actions are
 * one closed list so the server can only write known ones and the screen can name each of them.
 */
export const AUDIT_ACTIONS = [
  'member.invited',
  'member.joined',
  'member.role_changed',
  'member.updated',
  'member.removed',
  'organization.created',
  'organization.renamed',
  'organization.default_page_changed',
  'organization.deleted',
  'billing.plan_changed',
  'billing.seats_changed',
  'billing.subscription_changed',
  'team.created',
  'team.updated',
  'team.deleted',
  'tag.created',
  'tag.updated',
  'tag.deleted',
  'business_tag.created',
  'business_tag.updated',
  'business_tag.deleted',
  'business_page.created',
  'business_page.updated',
  'business_page.deleted',
  'ai_template.created',
  'ai_template.updated',
  'ai_template.deleted',
  'ai_template.default_changed',
  'sso.configured',
  'sso.updated',
  'sso.removed',
  'sso.domain_added',
  'sso.domain_verified',
  'sso.domain_removed',
  'post.approved',
  'post.rejected',
  'recommendation.created',
  'certificate.revoked',
  'academy.lesson_created',
  'academy.lesson_updated',
  'academy.lesson_deleted',
  'guideline.created',
  'guideline.updated',
  'guideline.removed',
  'api_key.created',
  'api_key.revoked',
  'api_key.use_refused',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
  'webhook.disabled',
  'privacy.export_requested',
  'privacy.account_erased',
  'privacy.setting_changed'
] as const

export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** What an action is about. */
export const AUDIT_TARGET_TYPES = [
  'member',
  'invitation',
  'organization',
  'subscription',
  'team',
  'tag',
  'business_tag',
  'business_page',
  'ai_template',
  'sso',
  'sso_domain',
  'post',
  'recommendation',
  'certificate',
  'academy_lesson',
  'guideline',
  'api_key',
  'webhook'
] as const
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number]

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'member.invited': 'Member invited',
  'member.joined': 'Member joined',
  'member.role_changed': 'Role changed',
  'member.updated': 'Member updated',
  'member.removed': 'Member removed',
  'organization.created': 'Organization created',
  'organization.renamed': 'Organization renamed',
  'organization.default_page_changed': 'Default page changed',
  'organization.deleted': 'Organization deleted',
  'billing.plan_changed': 'Plan changed',
  'billing.seats_changed': 'Seats changed',
  'billing.subscription_changed': 'Subscription changed',
  'team.created': 'Team created',
  'team.updated': 'Team updated',
  'team.deleted': 'Team deleted',
  'tag.created': 'Topic tag created',
  'tag.updated': 'Topic tag updated',
  'tag.deleted': 'Topic tag deleted',
  'business_tag.created': 'Business post tag created',
  'business_tag.updated': 'Business post tag updated',
  'business_tag.deleted': 'Business post tag deleted',
  'business_page.created': 'Business page added',
  'business_page.updated': 'Business page updated',
  'business_page.deleted': 'Business page removed',
  'ai_template.created': 'AI template created',
  'ai_template.updated': 'AI template updated',
  'ai_template.deleted': 'AI template deleted',
  'ai_template.default_changed': 'Default AI template changed',
  'sso.configured': 'Single sign-on configured',
  'sso.updated': 'Single sign-on updated',
  'sso.removed': 'Single sign-on removed',
  'sso.domain_added': 'SSO domain added',
  'sso.domain_verified': 'SSO domain verified',
  'sso.domain_removed': 'SSO domain removed',
  'post.approved': 'Post approved',
  'post.rejected': 'Post rejected',
  'recommendation.created': 'Post recommended',
  'certificate.revoked': 'Certificate revoked',
  'academy.lesson_created': 'Organization lesson added',
  'academy.lesson_updated': 'Organization lesson updated',
  'academy.lesson_deleted': 'Organization lesson deleted',
  'guideline.created': 'Posting guideline written',
  'guideline.updated': 'Posting guideline changed',
  'guideline.removed': 'Posting guideline removed',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'api_key.use_refused': 'Revoked or expired API key refused',
  'webhook.created': 'Webhook added',
  'webhook.updated': 'Webhook changed',
  'webhook.deleted': 'Webhook deleted',
  'webhook.secret_rotated': 'Webhook signing secret rotated',
  'webhook.disabled': 'Webhook turned off after failing',
  'privacy.export_requested': "Member's data exported",
  'privacy.account_erased': 'Account erased',
  'privacy.setting_changed': 'Erasure setting changed'
}

/** The groups of the action filter: every action starting with `prefix`. */
export const AUDIT_ACTION_GROUPS: readonly { prefix: string; label: string }[] = [
  { prefix: 'member.', label: 'Members and roles' },
  { prefix: 'organization.', label: 'Organization settings' },
  { prefix: 'billing.', label: 'Plan and seats' },
  { prefix: 'team.', label: 'Teams' },
  { prefix: 'tag.', label: 'Topic tags' },
  { prefix: 'business_tag.', label: 'Business post tags' },
  { prefix: 'business_page.', label: 'Business pages' },
  { prefix: 'ai_template.', label: 'AI templates' },
  { prefix: 'sso.', label: 'Single sign-on' },
  { prefix: 'post.', label: 'Approvals' },
  { prefix: 'recommendation.', label: 'Recommended posts' },
  { prefix: 'certificate.', label: 'Certificates' },
  { prefix: 'academy.', label: 'Academy lessons' },
  { prefix: 'guideline.', label: 'Posting guideline' },
  { prefix: 'api_key.', label: 'API keys' },
  { prefix: 'webhook.', label: 'Webhooks' },
  { prefix: 'privacy.', label: 'Personal data' }
]

/** One entry as the API gives it. `actor` null: the system (billing webhooks, jobs); `userId` null: an organization's API key ("API key <name>"). */
export interface AuditEntry {
  id: string
  createdAt: string
  actor: { userId: string | null; name: string } | null
  action: AuditAction
  target: { type: AuditTargetType; id: string | null; label: string }
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}

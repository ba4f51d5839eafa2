import { sql } from 'drizzle-orm'
import { type AnyPgColumn, boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from './columns'

/**
 * Organizations, their business pages and their AI setting templates. The three reference each
 * other (an organization's default page, a page's template, both owned by the organization), so
 * they share this file; every other schema file may import it, and it imports none of them.
 */

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey(),
    /** Public organization id used by the API and deep links (`org_` + 26 base32 characters). */
    organizationWorkOSId: text('organization_work_os_id').notNull(),
    name: text('name').notNull(),
    /** PUT /organization/settings/default-page/update */
    defaultBusinessPageId: uuid('default_business_page_id').references((): AnyPgColumn => businessPages.id, { onDelete: 'set null' }),
    /** The posting guideline (POLICY_PAGE), Markdown written by admins; null when there is none. */
    guideline: text('guideline'),
    /** When the guideline was last changed: a member has read it when their membership's guideline_read_at is not older. */
    guidelineUpdatedAt: instant('guideline_updated_at'),
    /** What erasing a member's account does to their posts and comments here (issue 28): 'keep' them as "Former member"'s, or 'remove' them. */
    erasedMemberContent: text('erased_member_content').$type<'keep' | 'remove'>().notNull().default('keep'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [
    uniqueIndex('organizations_work_os_id_unique').on(t.organizationWorkOSId),
    check('organizations_erased_member_content_check', sql`${t.erasedMemberContent} in ('keep', 'remove')`)
  ]
)

export const businessPages = pgTable(
  'business_pages',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    image: text('image'),
    linkedInCompanyName: text('linked_in_company_name').notNull(),
    linkedInWebsite: text('linked_in_website'),
    linkedInCompanyDescription: text('linked_in_company_description'),
    linkedInPageLink: text('linked_in_page_link'),
    /** The page's numeric LinkedIn organization id (urn:li:organization:<id>), needed to publish as it through LinkedIn's API. */
    linkedInOrganizationId: text('linked_in_organization_id'),
    /** Onboarding's industry, used only while the page has no AI setting template. */
    industry: text('industry'),
    /** The page's AI setting template: its industries are the page's industries. */
    aiSettingTemplateId: uuid('ai_setting_template_id').references((): AnyPgColumn => aiTemplates.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [index('business_pages_org_idx').on(t.organizationId)]
)

export const aiTemplates = pgTable(
  'ai_templates',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    templateName: text('template_name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    industries: text('industries').array().notNull().default(sql`'{}'::text[]`),
    tone: text('tone').notNull().default(''),
    targetAudience: text('target_audience').notNull().default(''),
    instructions: text('instructions').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull()
  },
  (t) => [
    index('ai_templates_org_idx').on(t.organizationId),
    // At most one default per organization.
    uniqueIndex('ai_templates_one_default').on(t.organizationId).where(sql`${t.isDefault}`)
  ]
)

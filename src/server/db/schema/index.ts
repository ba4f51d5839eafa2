/**
 * The database schema, one file per resource. Change it, then run `npm run db:generate` to write a
 * migration into ../migrations (applied in order at server start by ../migrate.ts). Enumerations are
 * text columns with CHECK constraints rather than PostgreSQL enum types, so later issues can extend
 * them with a plain migration.
 *
 * References between files point one way: ./organizations.ts (organizations, business pages and AI
 * setting templates, which reference each other) and ./users.ts come first, and tables that
 * reference each other share a file (posts and recommendations in ./posts.ts). Everything here is a
 * table: the whole module is the schema given to drizzle and to drizzle-kit.
 */
export * from './organizations'
export * from './users'
export * from './members'
export * from './billing'
export * from './mail'
export * from './teams'
export * from './tags'
export * from './pages'
export * from './slots'
export * from './posts'
export * from './media'
export * from './review'
export * from './notifications'
export * from './ai'
export * from './linkedIn'
export * from './metrics'
export * from './jobs'
export * from './events'
export * from './academy'
export * from './ssi'
export * from './sso'
export * from './audit'
export * from './idempotency'
export * from './apiKeys'
export * from './webhooks'
export * from './approveLinks'
export * from './privacy'
export * from './chatChannels'

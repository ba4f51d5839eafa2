import { timestamp } from 'drizzle-orm/pg-core'

/** The column builders every schema file shares; index.ts does not re-export them (they are not tables). */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull()
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

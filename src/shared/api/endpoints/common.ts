import { z } from 'zod'
import { singleLineText } from '../../domain/text'

/* Input fields several resources take: ids, email addresses, web addresses, days and instants. */

/** An id sent by the client (a uuid on our server; anything else is simply not found: 404). */
export const idSchema = singleLineText().trim().min(1, 'Missing id.').max(100)
/** At most 10,000 ids. */
export const idListSchema = z.array(idSchema).max(10_000)

export const emailSchema = singleLineText().trim().toLowerCase().pipe(z.email({ message: 'Enter a valid email address.' }))

export const optionalUrlSchema = singleLineText()
  .trim()
  .max(2048)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v), 'Enter a full address starting with https://')

/**
 * Days and instants the API takes lie in [1970, 9000): far beyond any plan, and a range computed
 * from one (a default window of days) stays where JavaScript and PostgreSQL both write plain
 * ISO-8601 (year 10000 or year 0 is an error in PostgreSQL, once a 500).
 */
const INSTANT_MIN = Date.UTC(1970, 0, 1)
const INSTANT_MAX = Date.UTC(9000, 0, 1)
const INSTANT_RANGE_MESSAGE = 'Use a date between 1970 and 8999.'
export const isInstantInRange = (value: string): boolean => {
  const time = Date.parse(value)
  return time >= INSTANT_MIN && time < INSTANT_MAX
}

/** A day or an instant: '2026-03-01' or '2026-03-01T00:00:00Z'. */
export const dateBoundSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Use a date such as 2026-03-01.' })
  .refine(isInstantInRange, INSTANT_RANGE_MESSAGE)

/** An instant in a query ('2026-03-01T00:00:00Z'). */
export const instantQuerySchema = z.iso.datetime({ offset: true, message: 'Use an ISO-8601 date and time.' }).refine(isInstantInRange, INSTANT_RANGE_MESSAGE)
/** An instant in a body: a date and time the user chose. */
export const instantBodySchema = z.iso.datetime({ offset: true, message: 'Choose a date and time.' }).refine(isInstantInRange, INSTANT_RANGE_MESSAGE)

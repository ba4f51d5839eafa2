import { z } from 'zod'

/* Pieces the entity groups share: instants and the small references to people and tags. */

/** ISO-8601 UTC instant, as every API payload carries time. */
export const instantSchema = z.iso.datetime({ offset: true })

/** A person as lists show them: a member, an author, a reviewer. */
export const personRefSchema = z.object({ id: z.string(), fullName: z.string(), image: z.string().nullable() })
export type PersonRef = z.infer<typeof personRefSchema>
/** A topic tag or business post tag as a slot or a post row shows it. */
export const tagRefSchema = z.object({ id: z.string(), title: z.string(), color: z.string() })

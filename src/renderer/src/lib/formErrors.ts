import type { z } from 'zod'
import { GENERIC_ERROR_MESSAGE, isApiError } from '@renderer/api/client'

export type FieldErrors = Partial<Record<string, string>>

/** The first message per top-level field of a failed zod parse (the contract's own messages). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '')
    if (field && !errors[field]) errors[field] = issue.message
  }
  return errors
}

/**
 * A failed call split into the server's field messages and a form-level message: the server's
 * own text for a 4xx, the generic text otherwise (spec §8).
 */
export function describeFailure(error: unknown): { fields: FieldErrors; message: string | null } {
  if (!isApiError(error)) return { fields: {}, message: GENERIC_ERROR_MESSAGE }
  const fields = error.fields
  if (Object.keys(fields).length > 0) return { fields, message: null }
  return { fields: {}, message: error.isClientError ? error.message : GENERIC_ERROR_MESSAGE }
}

import { badRequest } from '../../errors'
import type { TagRange } from './types'

/* A range whose start is after its end is refused (docs/architecture.md, "Organizations and members"). */

export function checkRange(range: TagRange) {
  if (Date.parse(range.startDate) > Date.parse(range.endDate)) {
    const message = 'The start date must not be after the end date.'
    throw badRequest(message, { endDate: message })
  }
}

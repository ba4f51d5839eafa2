/** Seat maths shared by the manage-seats dialog and PATCH /billing/manage-seats (spec §5, issue 4). */

/** How many members must be removed for `newSeats` to hold `users` (never negative). */
export function seatsToRemove(users: number, newSeats: number): number {
  return Math.max(0, users - newSeats)
}

/** The organization has more users than seats: the blocking seat dialog opens (spec §4). */
export function isOverSeatLimit(users: number, availableSeats: number): boolean {
  return users > availableSeats
}

export type SeatChangeProblem =
  | { kind: 'below-min'; minSeats: number }
  | { kind: 'removal-count'; required: number }
  | { kind: 'duplicate-removal' }

/**
 * Whether a seat change can be confirmed: quantity not below minSeats, and exactly
 * (users − new seats) distinct members picked for removal when reducing below the user count.
 */
export function checkSeatChange(input: { newSeatQuantity: number; minSeats: number; users: number; memberIdsToCancel: readonly string[] }): SeatChangeProblem | null {
  if (!Number.isInteger(input.newSeatQuantity) || input.newSeatQuantity < input.minSeats) return { kind: 'below-min', minSeats: input.minSeats }
  if (new Set(input.memberIdsToCancel).size !== input.memberIdsToCancel.length) return { kind: 'duplicate-removal' }
  const required = seatsToRemove(input.users, input.newSeatQuantity)
  if (input.memberIdsToCancel.length !== required) return { kind: 'removal-count', required }
  return null
}

/** Seats a checkout starts with: the plan's minimum, or more when the organization already has more users. */
export function defaultCheckoutSeats(planSeats: number, users: number): number {
  return Math.max(planSeats, users)
}

import { describe, expect, it } from 'vitest'
import { checkSeatChange, defaultCheckoutSeats, isOverSeatLimit, seatsToRemove } from './seats'

describe('seat maths', () => {
  it('removes users minus new seats, never a negative number', () => {
    expect(seatsToRemove(7, 5)).toBe(2)
    expect(seatsToRemove(3, 5)).toBe(0)
  })

  it('is over the limit only when users exceed the available seats', () => {
    expect(isOverSeatLimit(6, 5)).toBe(true)
    expect(isOverSeatLimit(5, 5)).toBe(false)
  })

  it('refuses a quantity below minSeats', () => {
    expect(checkSeatChange({ newSeatQuantity: 4, minSeats: 5, users: 2, memberIdsToCancel: [] })).toEqual({ kind: 'below-min', minSeats: 5 })
  })

  it('needs exactly users minus seats members picked when reducing below the user count', () => {
    const base = { newSeatQuantity: 5, minSeats: 1, users: 7 }
    expect(checkSeatChange({ ...base, memberIdsToCancel: ['a'] })).toEqual({ kind: 'removal-count', required: 2 })
    expect(checkSeatChange({ ...base, memberIdsToCancel: ['a', 'b', 'c'] })).toEqual({ kind: 'removal-count', required: 2 })
    expect(checkSeatChange({ ...base, memberIdsToCancel: ['a', 'a'] })).toEqual({ kind: 'duplicate-removal' })
    expect(checkSeatChange({ ...base, memberIdsToCancel: ['a', 'b'] })).toBeNull()
  })

  it('accepts raising seats with nobody picked', () => {
    expect(checkSeatChange({ newSeatQuantity: 9, minSeats: 5, users: 7, memberIdsToCancel: [] })).toBeNull()
    expect(checkSeatChange({ newSeatQuantity: 9, minSeats: 5, users: 7, memberIdsToCancel: ['a'] })).toEqual({ kind: 'removal-count', required: 0 })
  })

  it('starts a checkout at the plan minimum or the user count, whichever is larger', () => {
    expect(defaultCheckoutSeats(5, 2)).toBe(5)
    expect(defaultCheckoutSeats(3, 7)).toBe(7)
  })
})

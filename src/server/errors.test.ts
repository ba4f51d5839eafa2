import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable, isStorageFull, isUniqueViolation } from './errors'

/** Drizzle's wrapper around a driver error, as its query builders throw it. */
const failedQuery = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause })
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable (503)', () => {
  it('is the database gone or not answering in time, raw or wrapped by Drizzle', () => {
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('terminating connection due to unexpected postmaster exit', '57P01'),
      withCode('terminating connection because of crash of another server process', '57P02'),
      withCode('the database system is starting up', '57P03'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable')
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true)
      expect(isDatabaseUnavailable(failedQuery(error)), `wrapped: ${error.message}`).toBe(true)
    }
  })

  it('is not a query the database refused, nor an outside service that did not answer', () => {
    expect(isDatabaseUnavailable(failedQuery(withCode('duplicate key value violates unique constraint', '23505')))).toBe(false)
    expect(isDatabaseUnavailable(failedQuery(withCode('canceling statement due to statement timeout', '57014')))).toBe(false)
    expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: withCode('connect ECONNREFUSED 10.0.0.1:443', 'ECONNREFUSED') }))).toBe(false)
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false)
    expect(isDatabaseUnavailable(null)).toBe(false)
  })
})

describe('isStorageFull (507)', () => {
  it('is a write the disk or the quota had no room for', () => {
    expect(isStorageFull(withCode('ENOSPC: no space left on device, write', 'ENOSPC'))).toBe(true)
    expect(isStorageFull(withCode('EDQUOT: disk quota exceeded, write', 'EDQUOT'))).toBe(true)
    expect(isStorageFull(new Error('upload failed', { cause: withCode('ENOSPC: no space left on device', 'ENOSPC') }))).toBe(true)
    expect(isStorageFull(withCode('EACCES: permission denied', 'EACCES'))).toBe(false)
  })
})

describe('isUniqueViolation', () => {
  it('still sees a unique violation through the wrapper', () => {
    expect(isUniqueViolation(failedQuery(Object.assign(withCode('duplicate key', '23505'), { constraint: 'users_email_unique' })), 'users_email_unique')).toBe(true)
  })
})

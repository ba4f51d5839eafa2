// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { endpoints } from '@shared/api/contract'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { aNotification } from '@renderer/testing/fixtures'
import { ApiError, OPEN_PLAN_MODAL_EVENT, callApi, callMultipartApi } from './client'
import { shouldRetry } from './queryClient'

afterEach(() => vi.restoreAllMocks())

describe('callApi', () => {
  it('sends the contract method, path, query and body, and returns the parsed response', async () => {
    const fake = createFakeHost({ 'PUT /notification/mark-as-read': ok({ updated: 1 }) })
    await expect(callApi(fake.host, endpoints.markNotificationRead, { body: { id: 'n-1' } })).resolves.toEqual({ updated: 1 })
    expect(fake.requests).toEqual([{ method: 'PUT', path: '/notification/mark-as-read', query: undefined, body: { id: 'n-1' } }])
  })

  it('passes an idempotency key on to the host, and none when not given', async () => {
    const fake = createFakeHost({ 'PUT /notification/mark-as-read': ok({ updated: 1 }) })
    await callApi(fake.host, endpoints.markNotificationRead, { body: { id: 'n-1' }, idempotencyKey: 'key-1' })
    await callApi(fake.host, endpoints.markNotificationRead, { body: { id: 'n-1' } })
    expect(fake.requests.map((r) => r.idempotencyKey)).toEqual(['key-1', undefined])
    expect('idempotencyKey' in fake.requests[1]!).toBe(false)
  })

  it('turns query values into strings', async () => {
    const fake = createFakeHost({
      'GET /academy/certificates/validate': ok({
        status: 'valid',
        certificateId: 'C-1',
        holderName: 'Ada',
        courseTitle: 'Basics',
        organizationName: 'Acme',
        issuedAt: '2025-01-01T00:00:00.000Z',
        revokedAt: null
      })
    })
    await callApi(fake.host, endpoints.validateCertification, { query: { certificateId: 'C-1' } })
    expect(fake.requests[0]?.query).toEqual({ certificateId: 'C-1' })
  })

  it('rejects non-2xx with the server error, logging the URL', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const fake = createFakeHost({ 'POST /auth/login': fail(401, 'Incorrect email or password.', 'invalid_credentials') })

    const failure = await callApi(fake.host, endpoints.login, { body: { email: 'a@b.co', password: 'x' } }).catch((e: unknown) => e)

    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ status: 401, code: 'invalid_credentials', message: 'Incorrect email or password.', fields: {} })
    expect(error).toHaveBeenCalledWith(expect.stringContaining('POST /api/auth/login'))
  })

  it('keeps field messages', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const fake = createFakeHost({ 'POST /auth/signup': fail(400, 'Check the fields.', 'invalid_input', { email: 'Enter a valid email address.' }) })
    const failure = await callApi(fake.host, endpoints.signup, { body: { email: 'x', password: 'y', fullName: 'z' } }).catch((e: unknown) => e)
    expect(failure).toMatchObject({ status: 400, fields: { email: 'Enter a valid email address.' } })
  })

  it('opens the plan dialog on 402 and rejects without logging', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const opened = vi.fn()
    window.addEventListener(OPEN_PLAN_MODAL_EVENT, opened)
    const fake = createFakeHost({ 'GET /notification/list': fail(402, 'Upgrade your plan.', 'plan_limit') })

    await expect(callApi(fake.host, endpoints.listNotifications, { query: {} })).rejects.toMatchObject({ status: 402 })

    expect(opened).toHaveBeenCalledTimes(1)
    expect(error).not.toHaveBeenCalled()
    window.removeEventListener(OPEN_PLAN_MODAL_EVENT, opened)
  })

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const fake = createFakeHost()
    fake.host.request.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(callApi(fake.host, endpoints.getUser)).rejects.toMatchObject({ status: 0, code: 'network_error' })
  })

  it('rejects a response that does not match the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const fake = createFakeHost({ 'GET /notification/list': ok({ items: [{ ...aNotification(), read: 'no' }], nextCursor: null }) })
    await expect(callApi(fake.host, endpoints.listNotifications, { query: {} })).rejects.toMatchObject({ code: 'invalid_response' })
  })
})

describe('callMultipartApi', () => {
  const team = { id: 't-1', name: 'Writers', members: [], teamLeaders: [], requireTag: false, aISettingTemplateId: null, previewURL: null, imageName: null }
  const fields = { name: 'Writers', members: '["u-1"]', teamLeaders: '["u-1"]', requireTag: 'false', aISettingTemplateId: 'null' }

  it('sends the text fields and the file as the endpoint file part, and parses the response', async () => {
    const fake = createFakeHost({ 'POST /team/create': ok(team) })
    const data = new Uint8Array([1, 2, 3])
    await expect(
      callMultipartApi(fake.host, endpoints.createTeam, { fields, file: { fileName: 'a.png', contentType: 'image/png', data } })
    ).resolves.toEqual(team)
    expect(fake.requests).toEqual([
      { method: 'POST', path: '/team/create', multipart: { fields, files: [{ field: 'image', fileName: 'a.png', contentType: 'image/png', data }] } }
    ])
  })

  it('sends no file part without a file, and rejects like callApi', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const fake = createFakeHost({ 'PUT /team/update': fail(400, 'Please add a team leader', 'validation') })
    const failure = await callMultipartApi(fake.host, endpoints.updateTeam, { fields: { ...fields, id: 't-1', imageRemoved: 'true' } }).catch((e: unknown) => e)
    expect(failure).toMatchObject({ status: 400, message: 'Please add a team leader' })
    expect(fake.requests[0]?.multipart).toEqual({ fields: { ...fields, id: 't-1', imageRemoved: 'true' }, files: [] })
  })

  it('passes an idempotency key on to the host', async () => {
    const fake = createFakeHost({ 'POST /team/create': ok(team) })
    await callMultipartApi(fake.host, endpoints.createTeam, { fields, idempotencyKey: 'key-2' })
    expect(fake.requests[0]?.idempotencyKey).toBe('key-2')
  })

  it('refuses an endpoint that is not multipart', async () => {
    const fake = createFakeHost()
    await expect(callMultipartApi(fake.host, endpoints.inviteMember, { fields: { email: 'a@b.co', role: 'MEMBER' } })).rejects.toThrow('not a multipart')
    expect(fake.requests).toEqual([])
  })
})

describe('shouldRetry', () => {
  const error = (status: number) => new ApiError({ status, code: 'x', message: 'x', url: 'GET /api/x' })

  it('retries server and network failures up to 3 times', () => {
    expect(shouldRetry(0, error(500))).toBe(true)
    expect(shouldRetry(2, error(0))).toBe(true)
    expect(shouldRetry(3, error(503))).toBe(false)
  })

  it('never retries a 4xx', () => {
    expect(shouldRetry(0, error(401))).toBe(false)
    expect(shouldRetry(0, error(404))).toBe(false)
  })
})

// @vitest-environment happy-dom
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MESSAGES } from '@shared/api/messages'
import type { PostMedia } from '@shared/domain/entities'
import type { HostRequest, HostResponse } from '@shared/host'
import { createFakeHost, fail, ok, type FakeHost } from '@renderer/testing/fakeHost'
import { aFile, aMedia } from '@renderer/testing/mediaFixtures'
import { renderInProviders } from '@renderer/testing/render'
import { MediaUploader } from './MediaUploader'

const UPLOAD = '11111111-2222-4333-8444-555555555555'

beforeEach(() => {
  window.alert = vi.fn()
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

type Reply = HostResponse | ((req: HostRequest) => HostResponse | Promise<HostResponse>)

/** An upload server that takes every chunk at once; a test replaces one answer with a failure. */
function server(failure: { at: 'start' | 'complete'; reply: Reply }) {
  const fake = createFakeHost({
    'POST /posts/media/start': ok({ uploadId: UPLOAD, chunkSize: 10 }),
    'POST /posts/media/chunk': (req) => {
      const { fields, files } = req.multipart!
      return ok({ received: Number(fields.offset) + (files[0]?.data.length ?? 0) })
    },
    'POST /posts/media/complete': ok(aMedia({ fileName: 'team.png' }))
  })
  fake.reply(`POST /posts/media/${failure.at}`, failure.reply)
  return fake
}

async function upload(fake: FakeHost) {
  function Harness() {
    const [media, setMedia] = useState<PostMedia[]>([])
    return <MediaUploader kind="image" media={media} max={20} onChange={setMedia} />
  }
  renderInProviders(<Harness />, fake)
  const user = userEvent.setup({ applyAccept: false })
  await user.upload(within(screen.getByTestId('media-uploader')).getByLabelText('Add image'), aFile('team.png', 15))
  const row = await screen.findByTestId('upload-row')
  await waitFor(() => expect(within(row).getByRole('alert').textContent).toMatch(/^Upload failed — /))
  return { row, user }
}

/** A 400 as the media service answers a file it will not take: the message, also on its field. */
const refused = (message: string, field: string) => fail(400, message, 'validation', { [field]: message })

const retry = (row: HTMLElement) => within(row).queryByRole('button', { name: 'Retry uploading team.png' })
const remove = (row: HTMLElement) => within(row).getByRole('button', { name: 'Remove team.png' })

describe('MediaUploader: a failed upload offers Retry only when trying again can succeed', () => {
  it.each([
    ['its contents do not match its type', 'complete', refused(MESSAGES.mediaContentMismatch, 'file')],
    ['a type Pagecrew does not take', 'start', refused(MESSAGES.mediaTypeUnsupported, 'contentType')],
    ['an empty file', 'start', refused(MESSAGES.mediaEmpty, 'size')],
    ['no permission', 'start', fail(403, 'You cannot do that.', 'forbidden')]
  ] as const)('%s: the reason and Remove, no Retry', async (_, at, reply) => {
    const fake = server({ at, reply })
    const { row, user } = await upload(fake)
    const { message } = (reply.body as { error: { message: string } }).error
    expect(within(row).getByRole('alert').textContent).toBe(`Upload failed — ${message}`)
    expect(retry(row)).toBeNull()
    expect(remove(row).textContent).toBe('Remove')

    const starts = fake.requestsTo('POST', '/posts/media/start').length
    await user.click(remove(row))
    expect(screen.queryByTestId('upload-row')).toBeNull()
    expect(fake.requestsTo('POST', '/posts/media/start')).toHaveLength(starts)
  })

  it.each([
    ['no answer (offline)', 'start', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server’s own trouble (503)', 'start', fail(503, 'Service unavailable', 'unavailable')],
    ['a timeout (504 from a proxy)', 'complete', fail(504, 'Gateway timeout', 'timeout')],
    ['an upload the server no longer has (404): a new one starts', 'complete', fail(404, MESSAGES.uploadNotFound, 'not_found')]
  ] as const)('%s: Retry sends it again, and it arrives', async (_, at, reply) => {
    const fake = server({ at, reply })
    const { row, user } = await upload(fake)
    expect(remove(row)).toBeTruthy()

    fake.reply(`POST /posts/media/${at}`, at === 'start' ? ok({ uploadId: UPLOAD, chunkSize: 10 }) : ok(aMedia({ fileName: 'team.png' })))
    await user.click(retry(row)!)
    expect(await screen.findByRole('img', { name: 'team.png' })).toBeTruthy()
    expect(screen.queryByTestId('upload-row')).toBeNull()
  })
})

// @vitest-environment happy-dom
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Field } from '@fluentui/react-components'
import { MESSAGES } from '@shared/api/messages'
import { MAX_UPLOAD_BYTES } from '@shared/constants'
import type { PostMedia } from '@shared/domain/entities'
import type { HostResponse } from '@shared/host'
import { isUploadCancelled } from '@renderer/api/media'
import { createFakeHost, fail, ok, type FakeHost } from '@renderer/testing/fakeHost'
import { aFile, aHugeFile, aMedia } from '@renderer/testing/mediaFixtures'
import { renderInProviders } from '@renderer/testing/render'
import { MediaUploader } from './MediaUploader'

const UPLOAD = '11111111-2222-4333-8444-555555555555'

/** Every upload the uploader starts (the real one), so a test can wait for one to end. */
const started = vi.hoisted(() => [] as Promise<unknown>[])
vi.mock('@renderer/api/media', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@renderer/api/media')>()
  function useRecordedUploadMedia() {
    const upload = actual.useUploadMedia()
    return (...args: Parameters<typeof upload>) => {
      const promise = upload(...args)
      started.push(promise)
      return promise
    }
  }
  return { ...actual, useUploadMedia: useRecordedUploadMedia }
})

let alert: ReturnType<typeof vi.fn>
beforeEach(() => {
  alert = vi.fn()
  window.alert = alert as unknown as typeof window.alert
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

/** An upload server whose chunk answers wait until the test lets them through. */
function server() {
  const waiting: Array<() => void> = []
  let received = 0
  const fake = createFakeHost({
    'POST /posts/media/start': ok({ uploadId: UPLOAD, chunkSize: 10 }),
    'POST /posts/media/complete': () => ok(aMedia({ id: '00000000-0000-4000-8000-0000000000aa', fileName: 'team.png', size: received }))
  })
  fake.reply(
    'POST /posts/media/chunk',
    (req) =>
      new Promise<HostResponse>((resolve) => {
        waiting.push(() => {
          received += req.multipart?.files[0]?.data.length ?? 0
          resolve(ok({ received }))
        })
      })
  )
  /** Answers the chunk the client is waiting on. */
  const release = async () => {
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0))
    waiting.shift()!()
  }
  return { fake, release, waiting }
}

function mount(fake: FakeHost, options: { kind?: 'image' | 'video' | 'document'; media?: PostMedia[]; max?: number } = {}) {
  const onChange = vi.fn<(media: PostMedia[]) => void>()
  const onBusyChange = vi.fn<(busy: boolean) => void>()
  function Harness() {
    const [media, setMedia] = useState(options.media ?? [])
    return (
      <MediaUploader
        kind={options.kind ?? 'image'}
        media={media}
        max={options.max ?? 20}
        onBusyChange={onBusyChange}
        onChange={(next) => {
          setMedia(next)
          onChange(next)
        }}
      />
    )
  }
  const view = renderInProviders(<Harness />, fake)
  return { onChange, onBusyChange, view, user: userEvent.setup({ applyAccept: false }) }
}

const fileInput = () => within(screen.getByTestId('media-uploader')).getByLabelText<HTMLInputElement>(/^Add /)

describe('MediaUploader', () => {
  it('refuses a file over 200 MB with the alert, before any request', async () => {
    const { fake } = server()
    const { user } = mount(fake, { kind: 'video', max: 1 })
    await user.upload(screen.getByLabelText('Add video'), aHugeFile('holiday.mov', MAX_UPLOAD_BYTES + 1))
    expect(alert).toHaveBeenCalledWith('holiday.mov is too big!')
    expect(fake.requests).toEqual([])
    expect(screen.queryByTestId('upload-row')).toBeNull()
  })

  it('refuses files of another kind or an unknown type', async () => {
    const { fake } = server()
    const { user } = mount(fake, { kind: 'image' })
    await user.upload(fileInput(), [aFile('deck.pdf', 5, 'application/pdf'), aFile('notes.txt', 5, 'text/plain')])
    expect(alert.mock.calls).toEqual([[MESSAGES.mediaWrongKind], [MESSAGES.mediaTypeUnsupported]])
    expect(fake.requests).toEqual([])
  })

  it('shows each chunk’s progress, then the thumbnail, and tells the page it is busy meanwhile', async () => {
    const { fake, release } = server()
    const { user, onChange, onBusyChange } = mount(fake)
    expect(screen.getByLabelText('Add image').getAttribute('accept')).toBe('image/png,image/jpeg,image/gif,image/webp')
    expect(screen.getByLabelText('Add image').hasAttribute('multiple')).toBe(true)

    await user.upload(fileInput(), aFile('team.png', 25))
    const bar = await screen.findByTestId('upload-progress')
    expect(bar.getAttribute('aria-valuenow')).toBe('0')
    await waitFor(() => expect(onBusyChange).toHaveBeenLastCalledWith(true))
    await release()
    await waitFor(() => expect(screen.getByTestId('upload-progress').getAttribute('aria-valuenow')).toBe('40'))
    expect(screen.getByText('40%')).toBeTruthy()
    await release()
    await waitFor(() => expect(screen.getByTestId('upload-progress').getAttribute('aria-valuenow')).toBe('80'))
    await release()

    const image = await screen.findByRole('img', { name: 'team.png' })
    expect(image.getAttribute('src')).toBe('/api/posts/media/00000000-0000-4000-8000-0000000000aa/thumbnail')
    expect(screen.queryByTestId('upload-progress')).toBeNull()
    expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({ fileName: 'team.png' })])
    // Busy is reported from an effect after the render that showed the image: on a loaded machine
    // React runs that effect in a later task than the render itself (its time slice ran out), so
    // the image can be found first.
    await waitFor(() => expect(onBusyChange).toHaveBeenLastCalledWith(false))
    expect(fake.requestsTo('POST', '/posts/media/chunk').map((r) => r.multipart?.fields.offset)).toEqual(['0', '10', '20'])
  })

  it('cancels an upload: nothing more is sent and the row goes away', async () => {
    const { fake, release } = server()
    const { user, onChange, onBusyChange } = mount(fake)
    await user.upload(fileInput(), aFile('team.png', 25))
    await release()
    await waitFor(() => expect(screen.getByTestId('upload-progress').getAttribute('aria-valuenow')).toBe('40'))
    await user.click(screen.getByRole('button', { name: 'Cancel uploading team.png' }))
    await waitFor(() => expect(screen.queryByTestId('upload-row')).toBeNull())
    expect(fake.requestsTo('POST', '/posts/media/chunk')).toHaveLength(2)
    expect(fake.requestsTo('POST', '/posts/media/complete')).toEqual([])
    expect(onChange).not.toHaveBeenCalled()
    expect(onBusyChange).toHaveBeenLastCalledWith(false)
  })

  it('uploads only as many images as fit and says why the rest did not', async () => {
    const { fake } = server()
    const { user } = mount(fake, { media: [aMedia()], max: 2 })
    await user.upload(fileInput(), [aFile('a.png', 5), aFile('b.png', 5), aFile('c.png', 5)])
    expect(screen.getByTestId('media-notice').textContent).toBe(MESSAGES.tooManyImages)
    await waitFor(() => expect(fake.requestsTo('POST', '/posts/media/start')).toHaveLength(1))
    expect(fake.requestsTo('POST', '/posts/media/start')[0]?.body).toMatchObject({ fileName: 'a.png' })
    expect(screen.getAllByTestId('upload-row')).toHaveLength(1)
    expect((screen.getByRole('button', { name: 'Add images' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('takes dropped files', async () => {
    const { fake } = server()
    mount(fake, { kind: 'document', max: 1 })
    fireEvent.drop(screen.getByTestId('media-drop-zone'), { dataTransfer: { files: [aFile('deck.pdf', 5, 'application/pdf')] } })
    await waitFor(() => expect(fake.requestsTo('POST', '/posts/media/start')[0]?.body).toMatchObject({ fileName: 'deck.pdf', contentType: 'application/pdf' }))
  })

  it('shows a failed upload inline and sends it again on Retry', async () => {
    const { fake, release } = server()
    // The server's own trouble: trying again can succeed (a refused file gets Remove only: MediaUploader.failures.test.tsx).
    fake.reply('POST /posts/media/start', fail(503, 'Service unavailable', 'unavailable'))
    const { user } = mount(fake)
    await user.upload(fileInput(), aFile('team.png', 15))
    expect((await screen.findByRole('alert')).textContent).toBe('Upload failed — Something went wrong. Please try again later.')

    fake.reply('POST /posts/media/start', ok({ uploadId: UPLOAD, chunkSize: 10 }))
    await user.click(screen.getByRole('button', { name: 'Retry uploading team.png' }))
    await release()
    await release()
    expect(await screen.findByRole('img', { name: 'team.png' })).toBeTruthy()
    expect(fake.requestsTo('POST', '/posts/media/start')).toHaveLength(2)
  })

  it('saves alt text when the field is left, and names the image by it', async () => {
    const { fake } = server()
    const photo = aMedia({ id: '00000000-0000-4000-8000-0000000000bb', fileName: 'launch.png' })
    fake.reply('PUT /posts/media/update', (req) => ok({ ...photo, altText: (req.body as { altText: string }).altText }))
    const { user, onChange } = mount(fake, { media: [photo] })
    await user.type(screen.getByLabelText('Alt text for launch.png'), '  The team at the launch ')
    await user.tab()
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({ altText: 'The team at the launch' })]))
    expect(fake.requestsTo('PUT', '/posts/media/update')[0]?.body).toEqual({ mediaId: photo.id, altText: 'The team at the launch' })
    expect(screen.getByRole('img', { name: 'The team at the launch' })).toBeTruthy()
    await user.click(screen.getByLabelText('Alt text for launch.png'))
    await user.tab()
    expect(fake.requestsTo('PUT', '/posts/media/update')).toHaveLength(1)
  })

  it('keeps its own field names inside a page’s Field', () => {
    const [a, b] = [aMedia({ fileName: 'a.png' }), aMedia({ fileName: 'b.png' })]
    renderInProviders(
      <Field label="Images" validationMessage="Add at least one image.">
        <MediaUploader kind="image" media={[a!, b!]} max={20} onChange={() => undefined} />
      </Field>,
      server().fake
    )
    const alts = [screen.getByRole('textbox', { name: 'Alt text for a.png' }), screen.getByRole('textbox', { name: 'Alt text for b.png' })]
    const label = screen.getByText('Images').closest('label')!
    expect(alts.filter((input) => input.id !== '' && input.id === label.htmlFor)).toEqual([])
    expect(alts.map((input) => input.getAttribute('aria-describedby'))).toEqual([null, null])
  })

  it('removes and reorders images', async () => {
    const { fake } = server()
    const [a, b, c] = [aMedia({ fileName: 'a.png' }), aMedia({ fileName: 'b.png' }), aMedia({ fileName: 'c.png' })]
    const { user, onChange } = mount(fake, { media: [a!, b!, c!] })
    expect((screen.getByRole('button', { name: 'Move a.png earlier' }) as HTMLButtonElement).disabled).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Move a.png later' }))
    expect(onChange).toHaveBeenLastCalledWith([b, a, c])
    await user.click(screen.getByRole('button', { name: 'Remove c.png' }))
    expect(onChange).toHaveBeenLastCalledWith([b, a])
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['b.png', 'a.png'])
  })

  it('shows a video as a card with its size', () => {
    mount(server().fake, { kind: 'video', max: 1, media: [aMedia({ kind: 'video', fileName: 'demo.mp4', size: 3_500_000 })] })
    expect(screen.getByTestId('media-card').textContent).toContain('demo.mp4')
    expect(screen.getByTestId('media-card').textContent).toContain('MP4 · 3.3 MB')
    expect((screen.getByRole('button', { name: 'Add video' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('stops its uploads when it goes away', async () => {
    const { fake, release, waiting } = server()
    const { user, view, onBusyChange } = mount(fake)
    await user.upload(fileInput(), aFile('team.png', 25))
    await waitFor(() => expect(waiting).toHaveLength(1))
    view.unmount()
    expect(onBusyChange).toHaveBeenLastCalledWith(false)
    // The upload has ended, cancelled: nothing of it is left to send a chunk, whatever the server answers.
    await expect(started.at(-1)).rejects.toSatisfy(isUploadCancelled)
    await release()
    expect(fake.requestsTo('POST', '/posts/media/chunk')).toHaveLength(1)
  })
})

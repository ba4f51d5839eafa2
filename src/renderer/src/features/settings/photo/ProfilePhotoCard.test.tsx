// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { MESSAGES } from '@shared/api/messages'
import type { User } from '@shared/domain'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { doubleClickBeforeRender, heldReply } from '@renderer/testing/fastClicks'
import { aUser } from '@renderer/testing/fixtures'
import { renderInProviders } from '@renderer/testing/render'
import { ProfilePhotoCard } from './ProfilePhotoCard'

const PHOTO = '/api/user/photo/user-1?v=0a1b2c3d'

let alert: ReturnType<typeof vi.fn>
let drawn: unknown[][]

/**
 * happy-dom decodes no image and draws no canvas: decoding gives `size` (or fails), and the canvas
 * records what is drawn and encodes a small JPEG.
 */
function fakeImages(size: { width: number; height: number } | 'unreadable') {
  vi.spyOn(HTMLImageElement.prototype, 'decode').mockImplementation(() => (size === 'unreadable' ? Promise.reject(new Error('EncodingError')) : Promise.resolve()))
  vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(size === 'unreadable' ? 0 : size.width)
  vi.spyOn(HTMLImageElement.prototype, 'naturalHeight', 'get').mockReturnValue(size === 'unreadable' ? 0 : size.height)
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(200)
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:photo')
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
  const context = {
    imageSmoothingQuality: 'low',
    drawImage: (...args: unknown[]) => void drawn.push(args.slice(1)),
    getImageData: () => ({ data: new Uint8ClampedArray([1, 2, 3, 255]) })
  }
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D)
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) => callback(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type })))
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  alert = vi.fn()
  vi.stubGlobal('alert', alert)
  drawn = []
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

function renderCard(user: User = aUser()) {
  const fake = createFakeHost({ 'POST /user/photo': ok(aUser({ image: PHOTO })), 'DELETE /user/photo': ok(aUser({ image: null })) })
  renderInProviders(<ProfilePhotoCard user={user} />, fake)
  return fake
}

const photoFile = (name: string, type = 'image/png', size = 1000) => {
  const file = new File(['img'], name, { type })
  Object.defineProperty(file, 'size', { value: size })
  return file
}
const choose = (file: File) => fireEvent.change(screen.getByTestId('profile-photo-input'), { target: { files: [file] } })
const frameImage = () => screen.getByTestId('photo-crop-image') as HTMLImageElement

describe('Settings → Profile: photo', () => {
  it('refuses a file that is not a PNG, JPEG or WebP, one over 25 MB (a larger photo than the server keeps is fine: only its crop is sent), and one that does not decode, with the server’s messages, and sends nothing', async () => {
    const fake = renderCard()
    choose(photoFile('notes.txt', 'text/plain'))
    expect(alert).toHaveBeenLastCalledWith(MESSAGES.photoNotImage)
    choose(photoFile('party.gif', 'image/gif'))
    expect(alert).toHaveBeenLastCalledWith(MESSAGES.photoNotImage)
    choose(photoFile('holiday.jpg', 'image/jpeg', 25 * 1024 * 1024 + 1))
    expect(alert).toHaveBeenLastCalledWith('holiday.jpg is too big!')

    fakeImages('unreadable')
    choose(photoFile('broken.png'))
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith(MESSAGES.photoUnreadable))
    expect(screen.queryByTestId('photo-crop-dialog')).toBeNull()
    expect(fake.requests).toEqual([])
  })

  it('refuses an image smaller than 64 pixels a side', async () => {
    fakeImages({ width: 300, height: 40 })
    renderCard()
    choose(photoFile('tiny.png'))
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith(MESSAGES.photoTooSmall))
    expect(screen.queryByTestId('photo-crop-dialog')).toBeNull()
  })

  it('crops with the zoom slider and the arrow keys, draws that square at 512 × 512 and uploads it once however fast Save photo is clicked', async () => {
    fakeImages({ width: 1200, height: 800 })
    const fake = renderCard()
    const held = heldReply(ok(aUser({ image: PHOTO })))
    fake.reply('POST /user/photo', held.reply)
    choose(photoFile('me.png'))
    const dialog = await screen.findByTestId('photo-crop-dialog')

    // Zoom 1: the 800 px middle square fills the frame, the image 150% wide.
    expect(frameImage().style.left).toBe('-25%')
    expect(frameImage().style.width).toBe('150%')
    fireEvent.change(within(dialog).getByTestId('photo-crop-zoom'), { target: { value: '200' } })
    expect(frameImage().style.width).toBe('300%')
    expect(frameImage().style.left).toBe('-100%')
    // ArrowRight moves the picture 10 of the frame's 200 px: the square 20 source px to the left.
    fireEvent.keyDown(within(dialog).getByTestId('photo-crop-frame'), { key: 'ArrowRight' })
    expect(frameImage().style.left).toBe('-95%')

    const save = within(dialog).getByTestId('photo-crop-save') as HTMLButtonElement
    doubleClickBeforeRender(save)
    await waitFor(() => expect(fake.requestsTo('POST', '/user/photo')).toHaveLength(1))
    expect(save.disabled).toBe(true)
    await held.release()
    await waitFor(() => expect(screen.queryByTestId('photo-crop-dialog')).toBeNull())

    expect(drawn).toEqual([[380, 200, 400, 400, 0, 0, 512, 512]])
    const [upload] = fake.requestsTo('POST', '/user/photo')
    expect(upload?.multipart?.files.map((f) => [f.field, f.fileName, f.contentType])).toEqual([['photo', 'me.jpg', 'image/jpeg']])
    expect(fake.requestsTo('POST', '/user/photo')).toHaveLength(1)
    expect((await screen.findByTestId('toast')).textContent).toContain('Photo saved')
  })

  it('keeps the dialog and the crop when the server refuses the photo, saying why', async () => {
    fakeImages({ width: 600, height: 600 })
    const fake = renderCard()
    fake.reply('POST /user/photo', fail(413, 'me.jpg is too big!', 'too_large', { photo: 'me.jpg is too big!' }))
    choose(photoFile('me.png'))
    const dialog = await screen.findByTestId('photo-crop-dialog')
    fireEvent.change(within(dialog).getByTestId('photo-crop-zoom'), { target: { value: '150' } })
    fireEvent.click(within(dialog).getByTestId('photo-crop-save'))
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith('me.jpg is too big!'))
    expect(screen.getByTestId('photo-crop-dialog')).toBeTruthy()
    expect(frameImage().style.width).toBe('150%')
  })

  it('removes the photo after the question, once however fast it is confirmed', async () => {
    const fake = renderCard(aUser({ image: PHOTO }))
    const held = heldReply(ok(aUser({ image: null })))
    fake.reply('DELETE /user/photo', held.reply)
    fireEvent.click(screen.getByTestId('profile-photo-remove'))
    const confirm = await screen.findByTestId('profile-photo-remove-confirm')
    expect(confirm.textContent).toContain('Your initials will show instead of your photo')
    doubleClickBeforeRender(within(confirm).getByTestId('profile-photo-remove-confirm-confirm'))
    await held.release()
    await waitFor(() => expect(screen.queryByTestId('profile-photo-remove-confirm')).toBeNull())
    expect(fake.requestsTo('DELETE', '/user/photo')).toHaveLength(1)
    expect((await screen.findByTestId('toast')).textContent).toContain('Photo removed')
  })

  it('offers no Remove photo without a photo', () => {
    renderCard(aUser({ image: null }))
    expect(screen.queryByTestId('profile-photo-remove')).toBeNull()
    expect(screen.getByTestId('profile-photo-upload').textContent).toBe('Upload photo')
  })
})

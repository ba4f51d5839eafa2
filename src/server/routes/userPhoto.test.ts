import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { USER_PHOTO_FIELD, type Session } from '../../shared/api/contract'
import { fileTooBigMessage, MESSAGES } from '../../shared/api/messages'
import { MAX_PHOTO_BYTES } from '../../shared/constants'
import type { User } from '../../shared/domain'
import { users } from '../db/schema'
import { TestClient, type TestResponse } from '../testing/harness'
import { encodePng } from '../testing/images'
import { describeEachDatabase } from '../testing/suite'

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } }
type InviteBody = { member: { id: string }; joinUrl: string }

const PASSWORD = 'correct horse battery staple'
const PHOTO_ADDRESS = /^\/api\/user\/photo\/([0-9a-f-]{36})\?v=([0-9a-f]{8})$/

/** A JPEG as far as its header goes: start of image, then a baseline frame of `width` × `height`. */
function jpegHeader(width: number, height: number): Buffer {
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
  frame.writeUInt16BE(height, 5)
  frame.writeUInt16BE(width, 7)
  return Buffer.concat([Buffer.from([0xff, 0xd8]), frame, Buffer.alloc(64, 0), Buffer.from([0xff, 0xd9])])
}

const SQUARE_PNG = encodePng(64, 64)
const photo = (data: Buffer, fileName = 'photo.png', contentType = 'image/png') => ({ field: USER_PHOTO_FIELD, fileName, contentType, data })

describeEachDatabase('profile photo', (t) => {
  const photosDir = () => join(t().dataDir, 'uploads', 'users')
  const photoFiles = () => (existsSync(photosDir()) ? readdirSync(photosDir()) : [])
  const tmpFiles = () => (existsSync(join(t().dataDir, 'uploads', 'tmp')) ? readdirSync(join(t().dataDir, 'uploads', 'tmp')) : [])

  let counter = 0
  const uniqueEmail = (name: string) => `${name}-${++counter}-${Date.now().toString(36)}@example.com`

  async function newAdmin(organizationName = 'Acme') {
    const client = new TestClient(t().app)
    await client.signup({ fullName: 'Ada Admin', email: uniqueEmail('admin') })
    await client.createOrganization(organizationName, { linkedInCompanyName: `${organizationName} Inc.` })
    const me = (await client.get<User>('/user')).body
    return { client, userId: me.id }
  }

  /** Invites someone and lets them join: an ACTIVE colleague. */
  async function addMember(admin: TestClient) {
    const invited = (await admin.post<InviteBody>('/members/invite', { email: uniqueEmail('mia'), role: 'MEMBER' })).body
    const client = new TestClient(t().app)
    const token = new URL(invited.joinUrl).searchParams.get('token')!
    const joined = await client.post<Session>('/join/accept', { token, fullName: 'Mia Member', password: PASSWORD })
    expect(joined.status).toBe(200)
    return { client, userId: invited.member.id }
  }

  const upload = (client: TestClient, file?: ReturnType<typeof photo>, fields: Record<string, string> = {}) =>
    client.multipart<User & ErrorBody>('POST', '/user/photo', fields, file ? [file] : [])
  const fetchPhoto = (client: TestClient | null, address: string) =>
    t().app.inject({ method: 'GET', url: address, headers: client?.cookie ? { cookie: `pagecrew_session=${client.cookie}` } : {} })
  const expectRefused = (res: TestResponse<ErrorBody>, status: number, message: string) => {
    expect({ status: res.status, message: res.body.error?.message }).toEqual({ status, message })
  }

  it('uploads a photo as the user’s image, serves it to its owner with its type and a year’s private cache, replaces it (the old file goes) and removes it', async () => {
    const { client, userId } = await newAdmin()
    const before = photoFiles().length

    const first = await upload(client, photo(SQUARE_PNG, 'me.png'))
    expect(first.status).toBe(200)
    const [, id, version] = PHOTO_ADDRESS.exec(first.body.image ?? '') ?? []
    expect(id).toBe(userId)
    expect((await client.get<User>('/user')).body.image).toBe(first.body.image)
    expect(photoFiles()).toHaveLength(before + 1)

    const served = await fetchPhoto(client, first.body.image!)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(served.headers['content-security-policy']).toBe("default-src 'none'")
    expect(served.rawPayload.equals(SQUARE_PNG)).toBe(true)

    // A JPEG instead: a new address (version), the PNG's file is gone.
    const pngFile = photoFiles().find((f) => f.endsWith('.png'))
    const second = await upload(client, photo(jpegHeader(512, 512), 'me.jpg', 'image/jpeg'))
    expect(second.status).toBe(200)
    const [, , secondVersion] = PHOTO_ADDRESS.exec(second.body.image ?? '') ?? []
    expect(secondVersion).toBeDefined()
    expect(secondVersion).not.toBe(version)
    expect(photoFiles()).toHaveLength(before + 1)
    expect(photoFiles()).not.toContain(pngFile)
    expect((await fetchPhoto(client, second.body.image!)).headers['content-type']).toBe('image/jpeg')

    const removed = await client.delete<User>('/user/photo')
    expect(removed.status).toBe(200)
    expect(removed.body.image).toBeNull()
    expect(photoFiles()).toHaveLength(before)
    expect((await fetchPhoto(client, second.body.image!)).statusCode).toBe(404)
    // Removing again is no error: there is simply no photo.
    expect((await client.delete<User>('/user/photo')).body.image).toBeNull()
    expect(tmpFiles()).toEqual([])
  })

  it('shows a photo to colleagues in an organization both are active in, and answers 404 alike to anyone else and to users who do not exist', async () => {
    const { client: admin } = await newAdmin('Photo Org')
    const colleague = await addMember(admin)
    const { client: stranger } = await newAdmin('Elsewhere')
    const uploaded = await upload(colleague.client, photo(SQUARE_PNG))
    expect(uploaded.status).toBe(200)
    const address = uploaded.body.image!

    expect((await fetchPhoto(admin, address)).statusCode).toBe(200)
    const members = await admin.get<{ members: { id: string; image: string | null }[] }>('/members/list')
    expect(members.body.members.find((m) => m.id === colleague.userId)?.image).toBe(address)

    const notColleague = await fetchPhoto(stranger, address)
    const nobody = await fetchPhoto(stranger, `/api/user/photo/${randomUUID()}?v=1`)
    const notAnId = await fetchPhoto(stranger, '/api/user/photo/not-a-uuid')
    for (const res of [notColleague, nobody, notAnId]) {
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ error: { code: 'not_found', message: MESSAGES.photoNotFound } })
    }
    expect((await fetchPhoto(null, address)).statusCode).toBe(401)

    // Removed from the organization: no longer a colleague.
    expect((await admin.request('DELETE', '/members/delete', { query: { userId: colleague.userId } })).status).toBe(200)
    expect((await fetchPhoto(admin, address)).statusCode).toBe(404)
    expect((await fetchPhoto(colleague.client, address)).statusCode).toBe(200)
  })

  it('needs a session for every photo endpoint', async () => {
    const anonymous = new TestClient(t().app)
    expect((await upload(anonymous, photo(SQUARE_PNG))).status).toBe(401)
    expect((await anonymous.delete('/user/photo')).status).toBe(401)
    const { client } = await newAdmin()
    const address = (await upload(client, photo(SQUARE_PNG))).body.image!
    expect((await fetchPhoto(anonymous, address)).statusCode).toBe(401)
    expect(tmpFiles()).toEqual([])
  })

  it('answers 4xx, never 500, to a form that is no photo, and keeps the photo there was', async () => {
    const { client } = await newAdmin()
    const kept = (await upload(client, photo(SQUARE_PNG))).body.image
    const files = photoFiles()

    expect((await client.post<ErrorBody>('/user/photo', { photo: 'x' })).status).toBe(415)
    expectRefused(await upload(client), 400, MESSAGES.photoMissing)
    expectRefused(await upload(client, undefined, { photo: 'not a file' }), 400, MESSAGES.photoMissing)
    expect((await upload(client, { ...photo(SQUARE_PNG), field: 'image' })).status).toBe(400)
    expectRefused(await upload(client, photo(Buffer.from('hello'), 'notes.txt', 'text/plain')), 400, MESSAGES.photoNotImage)
    expectRefused(await upload(client, photo(Buffer.from('<svg onload=alert(1)>'), 'fake.png')), 400, MESSAGES.photoNotImage)
    expectRefused(await upload(client, photo(SQUARE_PNG, 'photo.jpg', 'image/jpeg')), 400, MESSAGES.photoNotImage)
    expectRefused(await upload(client, photo(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 1)]), 'a.gif', 'image/gif')), 400, MESSAGES.photoNotImage)
    expectRefused(await upload(client, photo(Buffer.alloc(0), 'empty.png')), 400, MESSAGES.photoNotImage)
    expectRefused(await upload(client, photo(SQUARE_PNG.subarray(0, 12))), 400, MESSAGES.photoUnreadable)
    expectRefused(await upload(client, photo(encodePng(80, 64))), 400, MESSAGES.photoNotSquare)
    expectRefused(await upload(client, photo(encodePng(63, 63))), 400, MESSAGES.photoTooSmall)
    expectRefused(await upload(client, photo(jpegHeader(2049, 2049), 'huge.jpg', 'image/jpeg')), 400, MESSAGES.photoTooLarge)
    expectRefused(await upload(client, photo(Buffer.concat([SQUARE_PNG, Buffer.alloc(MAX_PHOTO_BYTES)]), 'holiday photo.png')), 413, fileTooBigMessage('holiday photo.png'))
    expect((await upload(client, photo(SQUARE_PNG), {})).status).toBe(200)
    expect((await upload(client, undefined, {})).status).toBe(400)
    expect(
      (await client.request('POST', '/user/photo', { raw: { payload: Buffer.from('--x\r\nContent-Disposition: form-data; name="photo"'), contentType: 'multipart/form-data; boundary=x' } })).status
    ).toBe(400)

    // The refusals kept nothing; the last good upload replaced the first one's file.
    expect((await client.get<User>('/user')).body.image).not.toBe(kept)
    expect(photoFiles()).toHaveLength(files.length)
    expect(tmpFiles()).toEqual([])
  })

  it('drops the uploaded photo (and its file) when the image is set to another address or cleared, and keeps it when the address is its own', async () => {
    const { client } = await newAdmin()
    const address = (await upload(client, photo(SQUARE_PNG))).body.image!
    const files = photoFiles().length

    // A profile save that sends the photo's own address back keeps it.
    expect((await client.put<User>('/user/update-user-details', { fullName: 'Ada Lovelace', image: address })).body.image).toBe(address)
    expect((await fetchPhoto(client, address)).statusCode).toBe(200)

    const elsewhere = await client.put<User>('/user/update-user-details', { image: 'https://cdn.example.com/ada.png' })
    expect(elsewhere.body.image).toBe('https://cdn.example.com/ada.png')
    expect(photoFiles()).toHaveLength(files - 1)
    expect((await fetchPhoto(client, address)).statusCode).toBe(404)

    // Nobody takes another person's uploaded photo (or an old address of their own) as their image.
    const { client: other } = await newAdmin('Other')
    const theirs = (await upload(other, photo(SQUARE_PNG))).body.image!
    for (const image of [theirs, address]) {
      const res = await client.put<ErrorBody>('/user/update-user-details', { image })
      expect({ image, status: res.status, field: res.body.error?.fields?.image }).toEqual({ image, status: 400, field: 'Use an image address starting with https://' })
    }

    const again = (await upload(client, photo(SQUARE_PNG))).body.image!
    expect((await client.put<User>('/user/update-user-details', { image: null })).body.image).toBeNull()
    expect(photoFiles()).toHaveLength(files)
    expect((await fetchPhoto(client, again)).statusCode).toBe(404)
  })

  it('removes the photo file of a user deleted with their last membership (single sign-on people have no password), and with their organization', async () => {
    const { client: admin } = await newAdmin('Leaving Org')
    const leaving = await addMember(admin)
    // Someone who signs in through the organization's identity provider has no password here.
    await t().db.update(users).set({ passwordHash: null }).where(eq(users.id, leaving.userId))
    expect((await upload(leaving.client, photo(SQUARE_PNG))).status).toBe(200)
    const file = (await t().db.select({ file: users.photoFile }).from(users).where(eq(users.id, leaving.userId)))[0]!.file!
    expect(photoFiles()).toContain(file)
    expect((await admin.request('DELETE', '/members/delete', { query: { userId: leaving.userId } })).status).toBe(200)
    expect(await t().db.select().from(users).where(eq(users.id, leaving.userId))).toEqual([])
    expect(photoFiles()).not.toContain(file)

    const { client: owner } = await newAdmin('Closing Org')
    const staying = await addMember(owner)
    await t().db.update(users).set({ passwordHash: null }).where(eq(users.id, staying.userId))
    expect((await upload(staying.client, photo(SQUARE_PNG))).status).toBe(200)
    const second = (await t().db.select({ file: users.photoFile }).from(users).where(eq(users.id, staying.userId)))[0]!.file!
    expect((await owner.request('DELETE', '/organization')).status).toBe(200)
    expect(photoFiles()).not.toContain(second)
  })
})

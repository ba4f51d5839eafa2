import { join } from 'node:path'
import { readFile } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { strFromU8, unzipSync } from 'fflate'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Post } from '../../src/shared/domain'
import { MESSAGES } from '../../src/shared/api/messages'
import { FORMER_MEMBER_NAME } from '../../src/shared/domain/privacy'
import { createLocalStorage } from '../../src/server/adapters/storage/local'
import { createMailer } from '../../src/server/adapters/mail/mail'
import { outbox, posts } from '../../src/server/db/schema'
import { createJobRunner } from '../../src/server/jobs/runner'
import { createApproveLinkSigner } from '../../src/server/services/approveLinks'
import { approveLinkEmailsConsumer } from '../../src/server/services/approveLinks/emailLinks'
import { createNotificationService } from '../../src/server/services/notifications'
import { personalDataExportJob } from '../../src/server/services/privacy/exports'
import { loadTokenKey } from '../../src/server/services/tokenCrypto'
import { drainConsumer } from '../../src/server/testing/events'
import { apiClient, type Member } from './support/api'
import { PASSWORD, signUpAndOnboard, traceOnFailure } from './support/flows'
import { useServerAndBrowser, type ServerAndBrowser } from './support/suite'

/*
 * Each person's data, out and erased, and approve links (issue 28), in Chromium against one server
 * shared by the file's tests (background jobs off: the test runs the export job and the approval
 * emails by hand, so the page is seen between "asked" and "ready"). Ana is the admin; each test
 * has members of its own.
 */

let running: ServerAndBrowser
useServerAndBrowser((started) => (running = started))
const { api, join: joinAs } = apiClient(() => running)

let ana: { context: BrowserContext; page: Page; email: string } | null = null
/** The admin, signed up through the UI once for the file's tests. */
async function admin() {
  if (ana) return ana
  const context = await running.browser.newContext({ timezoneId: 'UTC' })
  const page = await context.newPage()
  traceOnFailure(page, 'Ana')
  const email = `ana-${Date.now()}@privacy-e2e.example`
  await signUpAndOnboard(page, running.server.url, email, 'Privacy Corp', 'Ana Admin')
  ana = { context, page, email }
  return ana
}

async function member(fullName: string): Promise<Member & { email: string }> {
  const email = `${fullName.split(' ')[0]!.toLowerCase()}-${Date.now()}@privacy-e2e.example`
  const joined = await joinAs((await admin()).context, fullName, email)
  traceOnFailure(joined.page, fullName)
  return { ...joined, email }
}

/** The server's export job, run by hand until no export waits. */
async function runExportJob() {
  const { db, clock, dataDir } = running.server
  const job = personalDataExportJob(
    {
      db,
      clock,
      storage: createLocalStorage(join(dataDir, 'uploads', 'exports')),
      queue: createJobRunner({ db, clock }),
      notifications: createNotificationService(db, clock),
      kick: () => undefined
    },
    60_000
  )
  while (await job.run()) {
    /* one export per run */
  }
}

describe('Settings → Privacy and the members menu, end to end in Chromium', () => {
  it('a member asks for their data, sees it being prepared, then downloads a ZIP holding their data and nobody else’s', async () => {
    const { email: adminEmail } = await admin()
    const mia = await member('Mia Export')
    await api<Post>(mia.context, 'POST', '/posts/create', { text: 'Mia’s own words about robots' })

    await mia.page.goto(`${running.server.url}/settings/privacy`)
    await mia.page.getByText('No exports yet').waitFor()
    await mia.page.getByTestId('privacy-request-export').click()
    // Asked: the list shows it waiting, with its progress bar, and the button says it is being prepared.
    const waiting = mia.page.getByTestId('export-queued')
    await waiting.waitFor()
    expect(await waiting.getByTestId('export-status').textContent()).toBe('Waiting to be prepared…')
    await waiting.getByTestId('export-progress').waitFor()
    expect(await mia.page.getByTestId('privacy-request-export').textContent()).toBe('Preparing your data…')

    await runExportJob()
    // The page polls while an export is prepared: Download appears without a reload.
    const ready = mia.page.getByTestId('export-ready')
    await ready.waitFor({ timeout: 10_000 })
    const [download] = await Promise.all([mia.page.waitForEvent('download'), ready.getByTestId('export-download').click()])
    expect(download.suggestedFilename()).toMatch(/^pagecrew-data-\d{4}-\d{2}-\d{2}\.zip$/)
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)))
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.txt', 'users.json', 'users.csv', 'posts.json', 'memberships.json']))
    const profile = JSON.parse(strFromU8(files['users.json']!)) as { id: string; email: string; password_hash?: string }[]
    expect(profile).toHaveLength(1)
    expect(profile[0]).toMatchObject({ id: mia.id, email: mia.email })
    expect(profile[0]).not.toHaveProperty('password_hash')
    const exportedPosts = JSON.parse(strFromU8(files['posts.json']!)) as { text: string; author_user_id: string }[]
    expect(exportedPosts.map((p) => [p.text, p.author_user_id])).toEqual([['Mia’s own words about robots', mia.id]])
    const everything = Object.values(files).map((f) => strFromU8(f)).join('\n')
    expect(everything).not.toContain(adminEmail)
    await mia.context.close()
  }, 120_000)

  it('an admin erases a member from the members menu; their post stays, by "Former member"', async () => {
    const { page } = await admin()
    const max = await member('Max Erased')
    const post = await api<Post>(max.context, 'POST', '/posts/create', { text: 'Max asks for a read' })
    const { id: anaId } = await api<{ id: string }>((await admin()).context, 'GET', '/user')
    await api(max.context, 'POST', '/review/request', { postId: post.id, reviewerIds: [anaId], message: 'Does this read well?' })

    await page.goto(`${running.server.url}/collaborate`)
    const row = page.getByTestId('collaborate-row').filter({ hasText: 'Max asks for a read' })
    await row.waitFor()
    expect(await row.textContent()).toContain('Max Erased')

    await page.goto(`${running.server.url}/settings/organization?section=members`)
    const memberRow = page.getByTestId(`member-row-${max.email}`)
    await memberRow.getByTestId('member-more').click()
    await page.getByTestId('member-erase-account').click()
    const dialog = page.getByTestId('erase-account-dialog')
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain(`keeps their posts and comments, shown as written by "${FORMER_MEMBER_NAME}"`)
    await page.getByTestId('erase-account-confirmation').fill(max.email)
    await page.getByTestId('erase-account-submit').click()
    expect(await page.getByTestId('toast').first().textContent()).toContain('Account erased ✅')
    await memberRow.waitFor({ state: 'detached' })
    // Max's session is gone with the account.
    expect((await max.context.request.get(`${running.server.url}/api/user`)).status()).toBe(401)

    await page.goto(`${running.server.url}/collaborate`)
    await row.waitFor()
    const text = await row.textContent()
    expect(text).toContain(FORMER_MEMBER_NAME)
    expect(text).not.toContain('Max Erased')
    await max.context.close()
  }, 120_000)

  it('an approve link approves once after sign-in, and a second use is refused with the message shown', async () => {
    const { context: adminContext, email: adminEmail } = await admin()
    const lea = await member('Lea Author')
    await api(adminContext, 'PUT', '/members/update', { userId: lea.id, userApprovalFlow: true })
    const post = await api<Post>(lea.context, 'POST', '/posts/create', { text: 'Lea’s launch post' })
    await api(lea.context, 'POST', '/review/submit', { postId: post.id, version: post.version })

    // The approval emails, as the server's consumer sends them (its data folder's key), linking to this server.
    const { db, clock, dataDir } = running.server
    const signer = createApproveLinkSigner(() => loadTokenKey({ tokenKey: null, dataDir }))
    await drainConsumer(db, clock, approveLinkEmailsConsumer({ clock, mailer: createMailer({ db, clock, transport: null }), signer, baseUrl: () => running.server.url }))
    const mail = (await db.select().from(outbox).where(eq(outbox.to, adminEmail))).find((m) => m.text.includes('Lea’s launch post'))
    expect(mail, 'the approval email to the admin').toBeDefined()
    const approveUrl = /^Approve: (\S+)$/m.exec(mail!.text)![1]!
    expect(new URL(approveUrl).pathname).toMatch(/^\/approve\/[0-9a-f]{96}$/)

    // Opened in a browser that is not signed in: sign-in first, then back to the link.
    const context = await running.browser.newContext({ timezoneId: 'UTC' })
    const page = await context.newPage()
    traceOnFailure(page, 'the approver')
    await page.goto(approveUrl)
    await page.getByTestId('login-email').fill(adminEmail)
    await page.getByTestId('login-password').fill(PASSWORD)
    await page.getByTestId('login-submit').click()
    await page.waitForURL((url) => url.pathname.startsWith('/approve/'))
    expect(await page.getByTestId('approve-link-preview').textContent()).toBe('Lea’s launch post')
    await page.getByTestId('approve-link-confirm').click()
    expect(await page.getByTestId('approve-link-done').textContent()).toContain('Approved.')
    const [decided] = await db.select({ approvalStatus: posts.approvalStatus }).from(posts).where(eq(posts.id, post.id))
    expect(decided!.approvalStatus).toBe('APPROVED')

    // The same link again: refused, with the server's words.
    await page.goto(approveUrl)
    const refused = page.getByTestId('approve-link-refused')
    await refused.waitFor()
    expect(await refused.textContent()).toBe(MESSAGES.approveLinkUsed)
    await context.close()
    await lea.context.close()
  }, 120_000)
})

import { describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import type { Post, ReviewThread } from '../../src/shared/domain'
import type { RunningTestServer } from '../../src/server/testing/harness'
import { pickOptions, signUpAndOnboard } from './support/flows'
import { useServerAndBrowser } from './support/suite'
import { apiClient, type Member } from './support/api'

let server: RunningTestServer
let browser: Browser

// The publisher runs in the server as it does in production, polling fast; the test moves the server clock.
useServerAndBrowser((running) => ({ server, browser } = running), { config: { publisherIntervalMs: 200 } })

const { headers, call, api, join, connectLinkedIn } = apiClient(() => ({ server, browser }))
/** Room for a loaded machine: every wait ends as soon as what it waits for shows. */
const WAIT = { timeout: 15_000 }

const thread = (person: Member, postId: string) => api<ReviewThread>(person.context, 'GET', `/review/thread?postId=${postId}`)
const postOf = (person: Member, postId: string) => api<Post>(person.context, 'GET', `/posts/get?postId=${postId}`)

/** Selects `quote` in the review's post text with the mouse, as a reviewer does: pressed before its first letter, released after its last. */
async function selectInPostText(page: Page, quote: string) {
  const view = page.getByTestId('post-text-view')
  await view.scrollIntoViewIfNeeded()
  const box = await view.evaluate((element, wanted) => {
    const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const at = node.data.indexOf(wanted)
      if (at < 0) continue
      const first = element.ownerDocument.createRange()
      first.setStart(node, at)
      first.setEnd(node, at + 1)
      const last = element.ownerDocument.createRange()
      last.setStart(node, at + wanted.length - 1)
      last.setEnd(node, at + wanted.length)
      const a = first.getBoundingClientRect()
      const b = last.getBoundingClientRect()
      return { x1: a.left + 1, y1: a.top + a.height / 2, x2: b.right - 1, y2: b.top + b.height / 2 }
    }
    throw new Error(`“${wanted}” is not in the post text`)
  }, quote)
  await page.mouse.move(box.x1, box.y1)
  await page.mouse.down()
  await page.mouse.move(box.x2, box.y2, { steps: 5 })
  await page.mouse.up()
  await expect.poll(() => page.getByTestId('selection-quote').textContent(), WAIT).toBe(`“${quote}”`)
}

/** The bell's newest notification with this title, clicked: it leads to the post. */
async function openNotification(page: Page, title: string) {
  await page.getByTestId('notification-bell').click()
  const item = page.getByTestId('notification-item').filter({ hasText: title }).first()
  await item.waitFor(WAIT)
  await item.click()
}

const FIRST_TEXT = 'Our quarterly report is out. Revenue grew in every region this spring. Thanks to the whole team for the hard work.'
const COMMENTED = 'Revenue grew in every region this spring.'
const SUGGESTED_FROM = 'Thanks to the whole team'
const SUGGESTED_TO = 'A big thank you to everyone'
const REASON = 'Say how much it grew: the board will ask.'

describe('Collaborate, end to end in Chromium (issue 13)', () => {
  it('asks two colleagues for feedback, applies a suggestion, resolves a comment, goes through rejection and approval, publishes once, and needs approval again after an edit', async () => {
    // Setup: Ana the admin signs up; a paid plan with review flow and room for six; Mia the author,
    // Rita and Ravi her reviewers, Leo who leads Mia's team, Otto a member with no part in it.
    const adminContext = await browser.newContext({ timezoneId: 'UTC' })
    const adminPage = await adminContext.newPage()
    await signUpAndOnboard(adminPage, server.url, 'ana@crew.example', 'Crew', 'Ana Admin')
    await api(adminContext, 'POST', '/billing/checkout', { priceId: 'professional-yearly', seatQuantity: 6 })
    const mia = await join(adminContext, 'Mia Author', 'mia@crew.example')
    const rita = await join(adminContext, 'Rita Reviewer', 'rita@crew.example')
    const ravi = await join(adminContext, 'Ravi Reviewer', 'ravi@crew.example')
    const leo = await join(adminContext, 'Leo Leader', 'leo@crew.example')
    const otto = await join(adminContext, 'Otto Outsider', 'otto@crew.example')
    const team = await adminContext.request.post(`${server.url}/api/team/create`, {
      headers,
      multipart: { name: 'Sales', members: JSON.stringify([mia.id, leo.id]), teamLeaders: JSON.stringify([leo.id]) }
    })
    expect(team.status(), await team.text()).toBe(200)
    await connectLinkedIn(mia)

    // The admin turns Mia's review flow on in the member dialog.
    await adminPage.goto(`${server.url}/settings/organization?section=members`)
    const miaRow = adminPage.getByRole('row').filter({ hasText: 'Mia Author' })
    await miaRow.getByTestId('member-edit').click()
    await adminPage.getByTestId('member-dialog').waitFor()
    const reviewFlow = adminPage.getByTestId('member-review-flow')
    expect(await reviewFlow.isChecked()).toBe(false)
    await reviewFlow.check()
    await adminPage.getByTestId('member-submit').click()
    await adminPage.getByTestId('member-dialog').waitFor({ state: 'detached' })
    // It stuck: the dialog opened again shows it on, and the member's own account says so.
    await miaRow.getByTestId('member-edit').click()
    await expect.poll(() => adminPage.getByTestId('member-review-flow').isChecked(), WAIT).toBe(true)
    await adminPage.getByTestId('member-cancel').click()
    await adminPage.getByTestId('member-dialog').waitFor({ state: 'detached' })
    expect((await api<{ userApprovalFlow: boolean }>(mia.context, 'GET', '/user')).userApprovalFlow).toBe(true)

    // Mia writes the post: Schedule waits for approval.
    const author = mia.page
    await author.goto(`${server.url}/content/write-post`)
    await author.getByRole('textbox', { name: 'Post text' }).fill(FIRST_TEXT)
    await expect.poll(() => author.getByTestId('autosave-state').textContent(), WAIT).toMatch(/^Saved/)
    const postId = new URL(author.url()).searchParams.get('postId')!
    expect(postId).toBeTruthy()
    expect(await author.getByRole('button', { name: 'Schedule' }).isDisabled()).toBe(true)
    expect(await author.getByRole('button', { name: 'Post now' }).isDisabled()).toBe(true)

    // …and asks Rita and Ravi for feedback, Urgent.
    await author.getByTestId('ask-feedback-open').click()
    await author.getByTestId('ask-feedback-dialog').waitFor()
    await pickOptions(author, 'ask-feedback-reviewers', ['Rita Reviewer', 'Ravi Reviewer'])
    await author.getByTestId('ask-feedback-priority').selectOption('URGENT')
    await author.getByTestId('ask-feedback-message').fill('Board meeting tomorrow: please check the numbers.')
    await author.getByTestId('ask-feedback-save').click()
    await author.getByTestId('ask-feedback-dialog').waitFor({ state: 'detached' })
    await expect.poll(() => author.getByTestId('post-in-review').textContent(), WAIT).toContain('Asked 2 reviewers · Urgent')

    // Otto, a member with no part in it, does not see the post at all.
    expect((await call(otto.context, 'GET', `/review/thread?postId=${postId}`)).status()).toBe(404)

    // Rita: the bell has the request, For my review lists it as Urgent; she comments on a sentence.
    const reviewer1 = rita.page
    await reviewer1.goto(`${server.url}/collaborate`)
    await expect.poll(() => reviewer1.getByTestId('notification-unread-count').textContent(), WAIT).toBe('1')
    await expect.poll(() => reviewer1.getByTestId('collaborate-tab-requested').getAttribute('data-count'), WAIT).toBe('1')
    const ritaRow = reviewer1.getByTestId('collaborate-row').filter({ hasText: 'Our quarterly report is out.' })
    await expect.poll(() => ritaRow.getByTestId('row-priority').textContent(), WAIT).toBe('Urgent')
    await ritaRow.click()
    await expect.poll(() => reviewer1.getByTestId('request-priority').textContent(), WAIT).toBe('Urgent')
    await selectInPostText(reviewer1, COMMENTED)
    await reviewer1.getByTestId('selection-comment').click()
    await expect.poll(() => reviewer1.getByTestId('feedback-anchor').textContent(), WAIT).toContain(COMMENTED)
    await reviewer1.getByTestId('feedback-composer').fill('Which regions? Give the figure.')
    await reviewer1.getByTestId('feedback-send').click()
    const comment = reviewer1.getByTestId('feedback-list').locator('li[data-status]').filter({ hasText: 'Which regions? Give the figure.' })
    await expect.poll(() => comment.textContent(), WAIT).toContain(`“${COMMENTED}”`)
    await reviewer1.getByTestId('post-text-view').locator('mark').filter({ hasText: COMMENTED }).waitFor(WAIT)

    // Ravi: the same request, from the bell; he suggests a rewrite of a phrase.
    const reviewer2 = ravi.page
    await reviewer2.goto(`${server.url}/dashboard`)
    await openNotification(reviewer2, 'Feedback requested')
    await reviewer2.waitForURL(`**/collaborate?postId=${postId}`)
    const raviRow = reviewer2.getByTestId('collaborate-row').filter({ hasText: 'Our quarterly report is out.' })
    await expect.poll(() => raviRow.getByTestId('row-priority').textContent(), WAIT).toBe('Urgent')
    expect(await raviRow.getAttribute('aria-selected')).toBe('true')
    // The review panel keeps its cards off its edges (its focus ring is drawn in that space, not over them).
    const panelPadding = await reviewer2.getByTestId('review-panel').evaluate((el) => parseFloat(getComputedStyle(el).paddingLeft))
    expect(panelPadding).toBeGreaterThanOrEqual(8)
    await selectInPostText(reviewer2, SUGGESTED_FROM)
    await reviewer2.getByTestId('selection-suggest').click()
    await reviewer2.getByTestId('suggestion-replacement').fill(SUGGESTED_TO)
    await reviewer2.getByTestId('feedback-composer').fill('Warmer.')
    await reviewer2.getByTestId('feedback-send').click()
    // Shown inline as a tracked change: the phrase struck through, the rewrite after it.
    const view2 = reviewer2.getByTestId('post-text-view')
    await expect.poll(() => view2.locator('del').textContent(), WAIT).toBe(SUGGESTED_FROM)
    expect(await view2.locator('ins').textContent()).toBe(SUGGESTED_TO)

    // Mia, from the bell: accepts the suggestion (the text changes), compares the versions,
    // resolves the comment and sends the post for approval.
    await author.goto(`${server.url}/dashboard`)
    await openNotification(author, 'New feedback on your post')
    await author.waitForURL(`**/collaborate?postId=${postId}`)
    const authorView = author.getByTestId('post-text-view')
    await author.locator('[data-testid^="suggestion-accept-"]').click()
    const accepted = FIRST_TEXT.replace(SUGGESTED_FROM, SUGGESTED_TO)
    await expect.poll(() => authorView.textContent(), WAIT).toBe(accepted)
    expect((await postOf(mia, postId)).text).toBe(accepted)

    await author.getByTestId('compare-versions').click()
    const diff = author.getByTestId('compare-dialog').getByTestId('version-diff')
    await expect.poll(() => diff.locator('ins').allTextContents(), WAIT).toEqual(expect.arrayContaining([expect.stringContaining('everyone')]))
    const removed = (await diff.locator('del').allTextContents()).join(' ')
    const added = (await diff.locator('ins').allTextContents()).join(' ')
    expect(removed).toContain('Thanks')
    expect(removed).toContain('whole team')
    expect(added).toContain('thank you')
    expect(removed).not.toContain('Revenue')
    expect(await diff.textContent()).toContain('Revenue grew in every region this spring.')
    await author.getByTestId('compare-close').click()
    await author.getByTestId('compare-dialog').waitFor({ state: 'detached' })

    const authorComment = author.getByTestId('feedback-list').locator('li[data-status]').filter({ hasText: 'Which regions? Give the figure.' })
    await authorComment.locator('[data-testid^="feedback-resolve-"]').click()
    await expect.poll(() => authorComment.getAttribute('data-status'), WAIT).toBe('RESOLVED')

    await author.getByTestId('review-submit').click()
    await expect.poll(() => author.getByTestId('approval-status').textContent(), WAIT).toBe('Waiting for approval')

    // Leo, Mia's team leader: the post waits for him in For my review and in his team's tab; he rejects it with a reason.
    const leader = leo.page
    await leader.goto(`${server.url}/collaborate`)
    await expect.poll(() => leader.getByTestId('collaborate-tab-requested').getAttribute('data-count'), WAIT).toBe('1')
    expect(await leader.getByTestId('collaborate-tab-team').getAttribute('data-count')).toBe('1')
    await leader.getByTestId('collaborate-row').filter({ hasText: 'Our quarterly report is out.' }).click()
    await leader.getByTestId('review-reject').click()
    await leader.getByTestId('reject-reason').fill(REASON)
    await leader.getByTestId('reject-confirm').click()
    await leader.getByTestId('reject-dialog').waitFor({ state: 'detached' })
    await expect.poll(() => leader.getByTestId('approval-status').textContent(), WAIT).toBe('Rejected')

    // Mia sees why in the editor, changes the sentence and sends it again.
    await author.goto(`${server.url}/content/write-post?postId=${postId}`)
    await expect.poll(() => author.getByTestId('approval-state').textContent(), WAIT).toBe(`Rejected: ${REASON}`)
    const revised = accepted.replace('Revenue grew in every region', 'Revenue grew 12% in every region')
    await author.getByRole('textbox', { name: 'Post text' }).fill(revised)
    await expect.poll(() => author.getByTestId('autosave-state').textContent(), WAIT).toMatch(/^Saved/)
    await author.getByTestId('send-for-approval').click()
    await expect.poll(() => author.getByTestId('approval-state').textContent(), WAIT).toBe('Waiting for approval')
    expect(await author.getByRole('button', { name: 'Schedule' }).isDisabled()).toBe(true)

    // Leo approves the version he reads.
    await leader.goto(`${server.url}/collaborate?postId=${postId}`)
    await expect.poll(() => leader.getByTestId('post-text-view').textContent(), WAIT).toBe(revised)
    await leader.getByTestId('review-approve').click()
    await expect.poll(() => leader.getByTestId('approval-status').textContent(), WAIT).toBe('Approved')

    // Approved: Schedule is enabled only now. An edit after approval needs approval again:
    // Schedule waits once more and the server refuses a schedule sent anyway.
    await author.reload()
    await expect.poll(() => author.getByTestId('approval-state').textContent(), WAIT).toBe('Approved')
    await expect.poll(() => author.getByRole('button', { name: 'Schedule' }).isDisabled(), WAIT).toBe(false)
    const final = `${revised} #quarterly`
    await author.getByRole('textbox', { name: 'Post text' }).fill(final)
    await expect.poll(() => author.getByTestId('autosave-state').textContent(), WAIT).toMatch(/^Saved/)
    await expect.poll(() => author.getByTestId('approval-state').textContent(), WAIT).toBe('Approved for an earlier version: needs approval again')
    expect(await author.getByRole('button', { name: 'Schedule' }).isDisabled()).toBe(true)
    const edited = await postOf(mia, postId)
    expect(edited.approval).toMatchObject({ status: 'PENDING' })
    const refused = await call(mia.context, 'POST', '/posts/schedule', {
      postId,
      version: edited.version,
      scheduledAt: new Date(Date.now() + 24 * 3_600_000).toISOString()
    })
    expect(refused.status()).toBe(400)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'This post is waiting for approval. It can be scheduled once it is approved.'
    )

    // Leo is told and approves the edited version.
    await leader.goto(`${server.url}/dashboard`)
    await openNotification(leader, 'Approval needed again')
    await leader.waitForURL(`**/collaborate?postId=${postId}`)
    await expect.poll(() => leader.getByTestId('post-text-view').textContent(), WAIT).toBe(final)
    await leader.getByTestId('review-approve').click()
    await expect.poll(() => leader.getByTestId('approval-status').textContent(), WAIT).toBe('Approved')

    // Mia schedules it (tomorrow, 09:00 by default).
    await author.reload()
    const schedule = author.getByRole('button', { name: 'Schedule' })
    await expect.poll(() => schedule.isDisabled(), WAIT).toBe(false)
    await schedule.click()
    const dialog = author.getByRole('dialog', { name: 'Schedule post' })
    await dialog.getByRole('button', { name: 'Schedule post' }).click()
    await expect.poll(() => author.getByTestId('post-status').textContent(), WAIT).toMatch(/Scheduled for/)
    const scheduled = await postOf(mia, postId)
    expect(scheduled).toMatchObject({ status: 'SCHEDULED', text: final, approval: { status: 'APPROVED', approvedRevision: scheduled.revision } })

    // Its time comes (server clock): the publisher publishes it, once.
    server.clock.set(new Date(Date.parse(scheduled.scheduledAt!) + 60_000))
    await expect.poll(async () => (await postOf(mia, postId)).status, { timeout: 20_000 }).toBe('PUBLISHED')
    const sandbox = await (await mia.context.request.get(`${server.url}/api/linkedin/sandbox/posts`)).text()
    const published = sandbox.split('<article>').filter((article) => article.includes(`<p class="text">${final}</p>`))
    expect(published).toHaveLength(1)
    expect(sandbox).not.toContain(FIRST_TEXT)

    // The reviewers still read the review; Otto still cannot.
    expect((await thread(rita, postId)).feedback.map((f) => f.status).sort()).toEqual(['ACCEPTED', 'RESOLVED'])
    expect((await call(otto.context, 'GET', `/review/thread?postId=${postId}`)).status()).toBe(404)

    for (const person of [mia, rita, ravi, leo, otto]) await person.context.close()
    await adminContext.close()
  })
})

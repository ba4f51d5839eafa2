import { describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { Post } from '../../src/shared/domain'
import type { RecommendedList } from '../../src/shared/domain/recommended'
import type { RunningTestServer } from '../../src/server/testing/harness'
import { pickOptions, signUpAndOnboard } from './support/flows'
import { useServerAndBrowser } from './support/suite'
import { apiClient, type Member } from './support/api'

let server: RunningTestServer
let browser: Browser

// The publisher runs in the server as it does in production, polling fast.
useServerAndBrowser((running) => ({ server, browser } = running), { config: { publisherIntervalMs: 200 } })

const { headers, call, api, join, connectLinkedIn } = apiClient(() => ({ server, browser }))
/** Room for a loaded machine: every wait ends as soon as what it waits for shows. */
const WAIT = { timeout: 15_000 }

async function createTeam(admin: BrowserContext, name: string, members: Member[], leader: Member) {
  const team = await admin.request.post(`${server.url}/api/team/create`, {
    headers,
    multipart: { name, members: JSON.stringify(members.map((m) => m.id)), teamLeaders: JSON.stringify([leader.id]) }
  })
  expect(team.status(), await team.text()).toBe(200)
}

const postOf = (person: Member, postId: string) => api<Post>(person.context, 'GET', `/posts/get?postId=${postId}`)
const navLabels = (page: Page) => page.getByTestId('left-nav').getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('aria-label')))

const COMPANY_POST = 'Pagecrew Robotics opens its second factory today: 200 new jobs in Lyon.'
const NOTE = 'Our biggest news this quarter. Please share it with your network.'
const FIRST_COMMENT = 'Proud of the whole team!'
const SECOND_COMMENT = 'Two factories, one mission: robots that help people.'

describe('Recommended posts, end to end in Chromium (issue 15)', () => {
  it('an admin recommends a published post to one team; a member of it reshares it with a suggested comment, published once; another team does not see it; the admin sees who reshared', async () => {
    // Setup: Ana the admin on Professional with room for six; team Sales (Mia, led by Lena), team Support (Bo, led by Bea).
    const adminContext = await browser.newContext({ timezoneId: 'UTC' })
    const adminPage = await adminContext.newPage()
    await signUpAndOnboard(adminPage, server.url, 'ana@reshare.example', 'Reshare Co', 'Ana Admin')
    await api(adminContext, 'POST', '/billing/checkout', { priceId: 'professional-yearly', seatQuantity: 6 })
    const ana: Member = { id: (await api<{ id: string }>(adminContext, 'GET', '/user')).id, fullName: 'Ana Admin', context: adminContext, page: adminPage }
    const mia = await join(adminContext, 'Mia Member', 'mia@reshare.example')
    const lena = await join(adminContext, 'Lena Leader', 'lena@reshare.example')
    const bo = await join(adminContext, 'Bo Support', 'bo@reshare.example')
    const bea = await join(adminContext, 'Bea Lead', 'bea@reshare.example')
    await createTeam(adminContext, 'Sales', [mia, lena], lena)
    await createTeam(adminContext, 'Support', [bo, bea], bea)
    await connectLinkedIn(ana)
    await connectLinkedIn(mia)

    // Ana's post is published on LinkedIn (through the API and the publisher).
    const draft = await api<Post>(adminContext, 'POST', '/posts/create', { text: COMPANY_POST })
    await api(adminContext, 'POST', '/posts/publish-now', { postId: draft.id, version: draft.version })
    await expect.poll(async () => (await postOf(ana, draft.id)).status, { timeout: 20_000 }).toBe('PUBLISHED')
    const parentUrn = (await postOf(ana, draft.id)).linkedInPostUrn!
    expect(parentUrn).toBeTruthy()

    // Ana recommends it to Sales with two suggested comments, through the dialog.
    await adminPage.goto(`${server.url}/recommended`)
    await adminPage.getByTestId('recommend-open').click()
    const dialog = adminPage.getByTestId('recommend-dialog')
    await dialog.waitFor(WAIT)
    await dialog.getByTestId('recommend-post-search').fill('second factory')
    await dialog.getByTestId(`recommend-post-${draft.id}`).click()
    await dialog.getByTestId('recommend-note').fill(NOTE)
    await dialog.getByTestId('recommend-comment-0').fill(FIRST_COMMENT)
    await dialog.getByTestId('recommend-comment-add').click()
    await dialog.getByTestId('recommend-comment-1').fill(SECOND_COMMENT)
    await dialog.getByRole('radio', { name: 'Teams' }).check()
    await pickOptions(adminPage, 'recommend-teams', ['Sales'])
    await dialog.getByTestId('recommend-submit').click()
    await dialog.waitFor({ state: 'detached', ...WAIT })
    const [recommendation] = (await api<RecommendedList>(adminContext, 'GET', '/recommended')).created
    expect(recommendation).toMatchObject({ postId: draft.id, linkedInPostUrn: parentUrn, suggestedComments: [FIRST_COMMENT, SECOND_COMMENT], audience: { kind: 'teams' } })
    const sent = adminPage.getByTestId(`sent-${recommendation!.id}`)
    await expect.poll(() => sent.getByTestId(`sent-${recommendation!.id}-audience`).textContent(), WAIT).toBe('Teams: Sales')

    // Bo, in Support, does not see it.
    await bo.page.goto(`${server.url}/recommended`)
    await bo.page.getByTestId('recommended-empty').waitFor(WAIT)
    expect((await api<RecommendedList>(bo.context, 'GET', '/recommended')).forMe).toEqual([])

    // Mia, in Sales: Recommended posts is the navigation's third entry; the card has the post, the note and the comments.
    const member = mia.page
    await member.goto(`${server.url}/dashboard`)
    await member.getByTestId('left-nav').waitFor(WAIT)
    expect((await navLabels(member)).slice(0, 3)).toEqual(['Dashboard', 'Create content', 'Recommended posts'])
    await member.getByTestId('left-nav').getByRole('link', { name: 'Recommended posts' }).click()
    const card = member.getByTestId(`recommendation-${recommendation!.id}`)
    await card.waitFor(WAIT)
    expect(await card.getByTestId(`recommendation-${recommendation!.id}-note`).textContent()).toBe(NOTE)
    expect(await card.getByTestId(`recommendation-${recommendation!.id}-post-text`).textContent()).toBe(COMPANY_POST)

    // She reshares it with the second comment and posts it now.
    await card.getByRole('radio', { name: SECOND_COMMENT }).check()
    await card.getByRole('button', { name: 'Reshare with this comment' }).click()
    await member.waitForURL(/\/content\/write-post\?postId=/, WAIT)
    const comment = member.getByRole('textbox', { name: 'Your comment' })
    await expect.poll(() => comment.inputValue(), WAIT).toBe(SECOND_COMMENT)
    expect(await member.getByTestId('reshare-of-text').textContent()).toBe(COMPANY_POST)
    expect(await member.getByTestId('post-type').count()).toBe(0)
    const reshareId = new URL(member.url()).searchParams.get('postId')!
    await member.getByRole('button', { name: 'Post now' }).click()
    await member.getByTestId('post-now-dialog').getByRole('button', { name: 'Post now' }).click()
    await expect.poll(async () => (await postOf(mia, reshareId)).status, { timeout: 20_000 }).toBe('PUBLISHED')
    const reshare = await postOf(mia, reshareId)
    expect(reshare).toMatchObject({ text: SECOND_COMMENT, reshare: { linkedInPostUrn: parentUrn, recommendationId: recommendation!.id } })

    // Published exactly once: one reshare of the recommendation, and one reshare of the parent on LinkedIn (the sandbox).
    const afterPublish = (await api<RecommendedList>(adminContext, 'GET', '/recommended')).created.find((r) => r.id === recommendation!.id)!
    expect(afterPublish.reshareCount).toBe(1)
    expect(afterPublish.reshares).toEqual([expect.objectContaining({ userId: mia.id, postId: reshareId, status: 'PUBLISHED' })])
    const sandbox = await (await mia.context.request.get(`${server.url}/api/linkedin/sandbox/posts`)).text()
    expect(sandbox.split('<article>').filter((article) => article.includes(`reshared ${parentUrn}`))).toHaveLength(1)

    // Mia's card now shows her reshare.
    await member.goto(`${server.url}/recommended`)
    await expect.poll(() => member.getByTestId(`recommendation-${recommendation!.id}-mine`).textContent(), WAIT).toContain('Published')

    // Ana's Sent tab: Mia under Reshared by, published.
    await adminPage.goto(`${server.url}/recommended`)
    await adminPage.getByTestId('recommended-tab-sent').click()
    const row = adminPage.getByTestId(`sent-${recommendation!.id}-reshare-${mia.id}`)
    await row.waitFor(WAIT)
    expect(await row.textContent()).toContain('Mia Member')
    expect(await row.textContent()).toContain('Published')
    expect(await adminPage.getByTestId(`sent-${recommendation!.id}-count`).textContent()).toBe('1 reshare')

    for (const person of [mia, lena, bo, bea]) await person.context.close()
    await adminContext.close()
  })

  it('on Entry the navigation has no Recommended posts, its address says it is not in the plan, and so does the API', async () => {
    const context = await browser.newContext({ timezoneId: 'UTC' })
    const page = await context.newPage()
    await signUpAndOnboard(page, server.url, 'eli@entry.example', 'Entry Co', 'Eli Entry')
    await api(context, 'POST', '/billing/checkout', { priceId: 'entry-monthly', seatQuantity: 3 })
    await page.reload()
    await page.getByTestId('left-nav').waitFor(WAIT)
    await expect.poll(() => navLabels(page), WAIT).toContain('Team effort')
    expect(await navLabels(page)).not.toContain('Recommended posts')
    const refused = await call(context, 'GET', '/recommended')
    expect(refused.status()).toBe(402)
    // Opened by its address (a bookmark, a colleague's link): the screen says it is not in the plan, under its own title.
    await page.goto(`${server.url}/recommended`)
    await expect.poll(() => page.getByTestId('not-in-plan').textContent(), WAIT).toContain('Your plan does not include Recommended posts')
    expect(await page.getByTestId('page-title').textContent()).toBe('Recommended posts')
    expect(new URL(page.url()).pathname).toBe('/recommended')
    await context.close()
  })
})

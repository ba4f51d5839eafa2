import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { parse as parseYaml } from 'yaml'
import type { AcademyHome, Certificate } from '../../src/shared/domain/academy'
import type { RunningTestServer } from '../../src/server/testing/harness'
import { PASSWORD, signUpAndOnboard } from './support/flows'
import { measureLayout, type Layout } from './support/layout'
import { useServerAndBrowser } from './support/suite'

let server: RunningTestServer
let browser: Browser

useServerAndBrowser((running) => ({ server, browser } = running))

const headers = { 'x-pagecrew-client': 'e2e' }
/** Room for a loaded machine: every wait ends as soon as what it waits for shows. */
const WAIT = { timeout: 15_000 }

async function api<T>(context: BrowserContext, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await context.request.fetch(`${server.url}/api${path}`, { method, headers, data })
  if (res.status() !== 200) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`)
  return (await res.json()) as T
}

/** The shipped course the member takes, and its quiz's right answers read from the content file. */
const COURSE = 'writing-posts-people-read'
const COURSE_DIR = join(__dirname, '../../src/server/academy/content/courses', COURSE)

interface QuizFile {
  questions: { id: string; options: { id: string; correct?: boolean }[] }[]
}

async function shippedQuiz(): Promise<QuizFile> {
  const text = await readFile(join(COURSE_DIR, 'quiz.md'), 'utf8')
  const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)
  if (!frontMatter) throw new Error('The quiz has no front matter.')
  return parseYaml(frontMatter[1]!) as QuizFile
}

/** Ticks each question's chosen options (its radio or its checkboxes) by their option ids. */
async function answerQuiz(page: Page, choices: Map<string, string[]>) {
  for (const [questionId, optionIds] of choices) {
    const question = page.locator(`[data-testid="quiz-question"][data-question="${questionId}"]`)
    for (const optionId of optionIds) await question.locator(`input[data-option="${optionId}"]`).check()
  }
}

async function progressLabel(page: Page) {
  return page.getByTestId('lesson-progress-label').textContent()
}

describe('Academy, end to end in Chromium (issue 15)', () => {
  it('on Professional a member completes a course, fails the quiz once, passes, gets a certificate anyone can validate, and an admin revokes it', async () => {
    const quiz = await shippedQuiz()
    const right = new Map(quiz.questions.map((q) => [q.id, q.options.filter((o) => o.correct).map((o) => o.id)]))
    // Wrong on every question: one option that is not right (a multiple-choice question is wrong unless exactly its set is chosen).
    const wrong = new Map(quiz.questions.map((q) => [q.id, [q.options.find((o) => !o.correct)!.id]]))

    // Setup: Ada the admin signs up and buys Professional; Mia joins as a member.
    const adminContext = await browser.newContext({ timezoneId: 'UTC' })
    const adminPage = await adminContext.newPage()
    await signUpAndOnboard(adminPage, server.url, 'ada@quill.example', 'Quill', 'Ada Admin')
    await api(adminContext, 'POST', '/billing/checkout', { priceId: 'professional-yearly', seatQuantity: 5 })
    const { joinUrl } = await api<{ joinUrl: string }>(adminContext, 'POST', '/members/invite', { email: 'mia@quill.example', role: 'MEMBER' })
    const miaContext = await browser.newContext({ timezoneId: 'UTC', acceptDownloads: true })
    await api(miaContext, 'POST', '/join/accept', { token: new URL(joinUrl).searchParams.get('token'), fullName: 'Mia Member', password: PASSWORD })
    const page = await miaContext.newPage()
    // Mia is in the admin's team, so the admin sees her progress.
    const [admin, mia] = await Promise.all([api<{ id: string }>(adminContext, 'GET', '/user'), api<{ id: string }>(miaContext, 'GET', '/user')])
    const team = await adminContext.request.post(`${server.url}/api/team/create`, {
      headers,
      multipart: { name: 'Content crew', members: JSON.stringify([mia.id, admin.id]), teamLeaders: JSON.stringify([admin.id]) }
    })
    expect(team.status(), await team.text()).toBe(200)

    // Mia opens the Academy from the navigation and starts the course.
    await page.goto(`${server.url}/dashboard`)
    await page.getByRole('link', { name: 'Academy' }).first().click()
    await page.waitForURL('**/academy/insights')
    const card = page.locator(`[data-testid="academy-course"][data-course="${COURSE}"]`)
    await card.waitFor(WAIT)
    await card.getByTestId('academy-course-open').click()
    await page.waitForURL(`**/academy/course/${COURSE}/*`)
    const steps = page.getByTestId('lesson-outline-step')
    await steps.first().waitFor(WAIT)
    const lessonCount = (await steps.count()) - 1
    expect(await steps.last().getAttribute('data-step')).toBe('quiz')
    expect(lessonCount).toBeGreaterThanOrEqual(4)
    await expect.poll(() => progressLabel(page), WAIT).toBe(`0 of ${lessonCount} lessons completed`)

    // Two lessons read and completed; the outline ticks them and the bar moves.
    for (let done = 1; done <= 2; done++) {
      await page.getByTestId('lesson-complete').click()
      await expect.poll(() => progressLabel(page), WAIT).toBe(`${done} of ${lessonCount} lessons completed`)
    }
    await expect.poll(() => steps.nth(0).getAttribute('data-completed'), WAIT).toBe('true')
    const third = await steps.nth(2).getAttribute('data-step')
    await expect.poll(() => page.locator('[data-testid="lesson-page"]').getAttribute('data-step'), WAIT).toBe(third)

    // Resume survives a reload: the home's Continue learning opens the third lesson (once the server has its visit).
    const resumePoint = async () => (await api<AcademyHome>(miaContext, 'GET', '/academy/courses')).courses.find((c) => c.slug === COURSE)?.resumeLessonSlug
    await expect.poll(resumePoint, WAIT).toBe(third)
    await page.goto(`${server.url}/academy/insights`)
    await page.reload()
    await page.getByTestId('academy-continue-open').click()
    await page.waitForURL(`**/academy/course/${COURSE}/${third}`)
    await expect.poll(() => progressLabel(page), WAIT).toBe(`2 of ${lessonCount} lessons completed`)

    // The rest with the keyboard's → after completing each; the last one leads to the quiz.
    for (let done = 3; done <= lessonCount; done++) {
      await page.getByTestId('lesson-complete').click()
      await expect.poll(() => progressLabel(page), WAIT).toBe(`${done} of ${lessonCount} lessons completed`)
    }
    await page.waitForURL(`**/academy/course/${COURSE}/quiz`)
    const shownStep = () => page.getByTestId('lesson-page').getAttribute('data-step')
    const lastLesson = await steps.nth(lessonCount - 1).getAttribute('data-step')
    await expect.poll(shownStep, WAIT).toBe('quiz')
    await page.keyboard.press('ArrowLeft')
    await expect.poll(shownStep, WAIT).toBe(lastLesson)
    expect(page.url()).toContain(`/academy/course/${COURSE}/${lastLesson}`)
    await page.keyboard.press('ArrowRight')
    await page.waitForURL(`**/academy/course/${COURSE}/quiz`)

    // The quiz, failed once: the score and the questions missed, no answers given away.
    const submit = page.getByTestId('quiz-submit')
    await submit.waitFor(WAIT)
    expect(await submit.isDisabled()).toBe(true)
    await answerQuiz(page, wrong)
    await submit.click()
    const result = page.getByTestId('quiz-result')
    await expect.poll(() => result.getAttribute('data-passed'), WAIT).toBe('false')
    expect(await page.getByTestId('quiz-result-summary').textContent()).toContain(`0 of ${quiz.questions.length} correct`)
    expect(await page.locator('[data-testid="quiz-result-question"][data-correct="false"]').count()).toBe(quiz.questions.length)

    // Try again, right this time: passed, and the certificate.
    await page.getByTestId('quiz-retry').click()
    await answerQuiz(page, right)
    await page.getByTestId('quiz-submit').click()
    await expect.poll(() => page.getByTestId('quiz-result').getAttribute('data-passed'), WAIT).toBe('true')
    const view = page.getByTestId('certificate-view')
    await view.waitFor(WAIT)
    expect(await view.getByTestId('certificate-holder').textContent()).toBe('Mia Member')

    // The PDF arrives through the browser's downloads.
    const [download] = await Promise.all([page.waitForEvent('download'), view.getByTestId('certificate-download').click()])
    expect(download.suggestedFilename()).toMatch(/^Pagecrew-certificate-.+\.pdf$/)
    const pdf = await readFile((await download.path())!)
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF')

    // The printable view from My certificates: printing shows the certificate and nothing of the app around it.
    await page.goto(`${server.url}/academy/insights`)
    await page.getByTestId('academy-my-certificate-open').click()
    const dialog = page.getByTestId('certificate-dialog')
    await dialog.waitFor(WAIT)
    await page.emulateMedia({ media: 'print' })
    const visibility = (testId: string) => page.getByTestId(testId).first().evaluate((element) => getComputedStyle(element).visibility)
    expect(await visibility('printable-certificate')).toBe('visible')
    expect(await visibility('certificate-download')).toBe('hidden')
    expect(await visibility('academy-catalogue')).toBe('hidden')
    await page.emulateMedia({ media: 'screen' })
    await page.getByTestId('certificate-dialog-close').click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => card.getByTestId('academy-course-passed').count(), WAIT).toBe(1)

    // A signed-out browser validates it at its address.
    const [certificate] = await api<Certificate[]>(miaContext, 'GET', '/academy/certificates?scope=mine')
    const address = new URL(certificate!.validationUrl)
    expect(address.pathname).toBe('/validate-certification')
    expect(address.searchParams.get('id')).toBe(certificate!.certificateId)
    const strangerContext = await browser.newContext({ timezoneId: 'UTC', locale: 'en-GB' })
    const stranger = await strangerContext.newPage()
    await stranger.goto(`${server.url}${address.pathname}${address.search}`)
    const valid = stranger.getByTestId('certificate-result')
    await valid.waitFor(WAIT)
    expect(await valid.textContent()).toContain('This certificate is valid.')
    expect(await stranger.getByTestId('certificate-holder').textContent()).toBe('Mia Member')
    expect(await stranger.getByTestId('certificate-organization').textContent()).toBe('Quill')
    expect(await stranger.getByTestId('left-nav').count()).toBe(0)

    // The admin sees the team's progress, then revokes the certificate in the Academy, with a reason.
    await adminPage.goto(`${server.url}/academy/insights`)
    const miaProgress = adminPage.getByTestId('academy-team-table').getByRole('row').filter({ hasText: 'Mia Member' })
    await miaProgress.waitFor(WAIT)
    expect(await miaProgress.textContent()).toContain(`${lessonCount}/${lessonCount}Passed`)
    const row = adminPage.getByTestId('academy-org-certificate').filter({ hasText: 'Mia Member' })
    await row.waitFor(WAIT)
    await row.getByTestId('academy-org-certificate-revoke').click()
    await adminPage.getByTestId('revoke-reason').fill('Issued by mistake')
    await adminPage.getByTestId('revoke-confirm').click()
    await adminPage.getByTestId('revoke-dialog').waitFor({ state: 'detached' })
    await expect.poll(() => row.getByTestId('certificate-status').textContent(), WAIT).toContain('Revoked')

    // Reloaded, the public page says so.
    await stranger.reload()
    const revoked = stranger.getByTestId('certificate-revoked')
    await revoked.waitFor(WAIT)
    const revokedAt = (await api<Certificate[]>(adminContext, 'GET', '/academy/certificates?scope=organization')).find((c) => c.certificateId === certificate!.certificateId)?.revokedAt
    const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(revokedAt!))
    expect(await revoked.textContent()).toContain(`This certificate was revoked on ${day}.`)
    expect(await stranger.getByTestId('certificate-result').count()).toBe(0)

    // Every Academy screen fits a laptop and a phone: nothing sticks out sideways (wide tables scroll on their own).
    const screens: [Page, string, string][] = [
      [page, '/academy/insights', 'academy-home'],
      [page, `/academy/course/${COURSE}/the-first-two-lines`, 'lesson-body'],
      [page, `/academy/course/${COURSE}/quiz`, 'quiz-form'],
      [adminPage, '/academy/insights', 'academy-org-certificates']
    ]
    const layouts: Record<string, Layout> = {}
    for (const size of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 }
    ]) {
      for (const [on, path, mark] of screens) {
        await on.setViewportSize(size)
        await on.goto(`${server.url}${path}`)
        await on.getByTestId(mark).waitFor(WAIT)
        layouts[`${path} (${on === page ? 'member' : 'admin'}) at ${size.width}`] = await measureLayout(on)
      }
    }
    for (const [name, { overflows, sidewaysScrollers, scrollWidth, viewport }] of Object.entries(layouts)) {
      expect(scrollWidth, name).toBeLessThanOrEqual(viewport)
      expect(overflows, name).toEqual([])
      expect(sidewaysScrollers, name).toEqual([])
    }

    await Promise.all([adminContext.close(), miaContext.close(), strangerContext.close()])
  })

  it('on a trial the Academy shows what it offers, and See plans or opening a course leads to the plan dialog', async () => {
    const context = await browser.newContext({ timezoneId: 'UTC' })
    const page = await context.newPage()
    await signUpAndOnboard(page, server.url, 'tia@trial.example', 'Trialling', 'Tia Trial')
    await page.goto(`${server.url}/academy/insights`)
    const offer = page.getByTestId('academy-offer')
    await offer.waitFor(WAIT)
    const courses = offer.getByTestId('academy-offer-course')
    expect(await courses.count()).toBeGreaterThanOrEqual(3)
    expect(await courses.first().textContent()).toContain('Certificate on passing the final quiz')

    await page.getByTestId('academy-see-plans').click()
    await page.waitForURL('**/subscription-expired')
    await page.getByTestId('plan-dialog').waitFor(WAIT)

    await page.goto(`${server.url}/academy/insights`)
    await page.locator(`[data-testid="academy-offer-course"][data-course="${COURSE}"]`).getByTestId('academy-offer-open').click()
    await page.waitForURL('**/subscription-expired')
    await page.getByTestId('plan-dialog').waitFor(WAIT)

    // A lesson's address shows the course's offer, not the lesson.
    await page.goto(`${server.url}/academy/course/${COURSE}/the-first-two-lines`)
    await page.getByTestId('lesson-offer').waitFor(WAIT)
    expect(await page.getByTestId('lesson-body').count()).toBe(0)
    await context.close()
  })
})

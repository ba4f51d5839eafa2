// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { HostRequest, HostResponse } from '@shared/host'
import { OPEN_PLAN_MODAL_EVENT } from '@renderer/api/client'
import { aCertificate, aCourseSummary, anAcademyHome, someInsights } from '@renderer/testing/academyFixtures'
import { createFakeHost, ok } from '@renderer/testing/fakeHost'
import { aUser, withRole } from '@renderer/testing/fixtures'
import { screenTestHooks } from '@renderer/testing/lifecycle'
import { renderInApp } from '@renderer/testing/render'
import AcademyHomePage from './AcademyHomePage'

screenTestHooks()

type Reply = HostResponse | ((req: HostRequest) => HostResponse | Promise<HostResponse>)

function open(replies: Record<string, Reply> = {}, user = withRole(aUser(), 'MEMBER')) {
  const fake = createFakeHost({
    'GET /user': ok(user),
    'GET /academy/courses': ok(anAcademyHome()),
    'GET /academy/certificates': (req) => ok(req.query?.scope === 'organization' ? [aCertificate({ holderName: 'Grace Hopper' })] : [aCertificate()]),
    'GET /academy/lessons': ok([]),
    ...replies
  })
  const view = renderInApp(<AcademyHomePage />, fake, '/academy/insights')
  return { ...view, fake, events: userEvent.setup() }
}

const location = () => screen.getByTestId('location').textContent ?? ''

describe('AcademyHomePage without ACADEMY', () => {
  it('shows what the Academy offers — courses, their lessons, the certificate — and opens the plan dialog from See plans and from a course', async () => {
    const planEvents = vi.fn()
    window.addEventListener(OPEN_PLAN_MODAL_EVENT, planEvents)
    const { events, fake } = open({ 'GET /academy/courses': ok(anAcademyHome({ entitled: false, insights: null, articles: [] })) })
    const offer = await screen.findByTestId('academy-offer')
    const courses = within(offer).getAllByTestId('academy-offer-course')
    expect(courses.map((c) => c.getAttribute('data-course'))).toEqual(['writing-posts', 'trusted-profile'])
    expect(within(courses[0]!).getByText('Hooks that stop the scroll')).toBeTruthy()
    expect(within(courses[0]!).getByText('Certificate on passing the final quiz')).toBeTruthy()
    await events.click(screen.getByTestId('academy-see-plans'))
    await events.click(within(courses[1]!).getByTestId('academy-offer-open'))
    expect(planEvents).toHaveBeenCalledTimes(2)
    expect(location()).toBe('/academy/insights')
    expect(fake.requestsTo('GET', '/academy/certificates')).toHaveLength(0)
    window.removeEventListener(OPEN_PLAN_MODAL_EVENT, planEvents)
  })
})

describe('AcademyHomePage with ACADEMY', () => {
  it('shows a skeleton while loading, then the catalogue with progress, Passed and the certificate', async () => {
    let answer: (value: HostResponse) => void = () => undefined
    const home = anAcademyHome({
      courses: [aCourseSummary({ passed: true, completedLessons: 3, certificate: aCertificate(), lessons: aCourseSummary().lessons.map((l) => ({ ...l, completed: true })) })]
    })
    const { events } = open({ 'GET /academy/courses': () => new Promise<HostResponse>((resolve) => (answer = resolve)) })
    expect(await screen.findByTestId('academy-skeleton')).toBeTruthy()
    answer(ok(home))
    const card = await screen.findByTestId('academy-course')
    expect(within(card).getByTestId('academy-course-progress').textContent).toContain('3 of 3 lessons completed')
    expect(within(card).getByTestId('academy-course-passed')).toBeTruthy()
    expect(within(card).getByTestId('academy-course-open').textContent).toBe('Review')
    await events.click(within(card).getByTestId('academy-course-certificate'))
    const dialog = await screen.findByTestId('certificate-dialog')
    expect(within(dialog).getByTestId('certificate-holder').textContent).toBe('Ada Lovelace')
  })

  it('continues learning at the resume point', async () => {
    const { events } = open()
    const resume = await screen.findByTestId('academy-continue')
    expect(resume.textContent).toContain('Continue learning')
    expect(resume.textContent).toContain('Writing posts people read — One idea per post')
    const labels = screen.getAllByTestId('academy-course').map((card) => within(card).getByTestId('academy-course-open').textContent)
    expect(labels).toEqual(['Continue', 'Start course'])
    await events.click(within(resume).getByTestId('academy-continue-open'))
    expect(location()).toBe('/academy/course/writing-posts/one-idea')
  })

  it('draws the insights with what each says in words, or explains when they appear', async () => {
    open()
    const charts = await screen.findByTestId('academy-insights-charts', {}, { timeout: 10_000 })
    expect(within(charts).getByTestId('insight-days-summary').textContent).toBe('Tuesday posts do best: 4.2% engagement (Europe/London).')
    expect(within(charts).getByTestId('insight-topics-summary').textContent).toBe('“Hiring” works best: 6.1% engagement.')
    expect(within(charts).getByTestId('insight-types-summary').textContent).toBe('Image posts earn the most engagement: 4.0%.')
    expect(within(charts).getByTestId('insight-hours-summary').textContent).toContain('09:00')
    expect(within(charts).getByTestId('insight-lengths-summary').textContent).toBe('50–149 words: the length that does best, 3.8% engagement.')
  })

  it('explains that insights appear after enough published posts', async () => {
    open({ 'GET /academy/courses': ok(anAcademyHome({ insights: someInsights({ postCount: 2, bestDays: [], bestHours: [], postTypes: [], lengths: [], topics: [] }) })) })
    const empty = await screen.findByTestId('academy-insights-empty')
    expect(empty.textContent).toContain('Insights appear after 5 published posts')
    expect(empty.textContent).toContain('2 of 5 posts so far')
  })

  it('opens an article in a reading dialog, rendered from Markdown', async () => {
    const { events } = open()
    await events.click(await screen.findByTestId('academy-article-read'))
    const dialog = await screen.findByTestId('academy-article-dialog')
    const body = within(dialog).getByTestId('academy-article-body')
    expect(body.querySelector('h2')?.textContent).toBe('Start small')
    expect(body.querySelector('strong')?.textContent).toBe('one')
  })

  it('lists my certificates; a member sees neither team progress nor the admin sections', async () => {
    const { fake } = open()
    expect((await screen.findByTestId('academy-my-certificate')).textContent).toContain('Writing posts people read')
    expect(screen.queryByTestId('academy-team')).toBeNull()
    expect(screen.queryByTestId('academy-org-lessons')).toBeNull()
    expect(screen.queryByTestId('academy-org-certificates-section')).toBeNull()
    expect(fake.requestsTo('GET', '/academy/certificates').map((r) => r.query)).toEqual([{ scope: 'mine' }])
  })

  it('shows a revoked certificate as revoked, without the LinkedIn and link actions', async () => {
    const { events } = open({ 'GET /academy/certificates': ok([aCertificate({ revokedAt: '2026-11-02T09:00:00.000Z' })]) })
    const row = await screen.findByTestId('academy-my-certificate')
    expect(within(row).getByTestId('certificate-status').textContent).toBe('Revoked 2 November 2026')
    await events.click(within(row).getByTestId('academy-my-certificate-open'))
    const dialog = await screen.findByTestId('certificate-dialog')
    expect(within(dialog).getByTestId('certificate-revoked').textContent).toBe('Revoked on 2 November 2026')
    expect(within(dialog).queryByTestId('certificate-linkedin')).toBeNull()
    expect(within(dialog).queryByTestId('certificate-copy-link')).toBeNull()
    expect(within(dialog).getByTestId('certificate-download')).toBeTruthy()
  })

  it('shows a team leader the team’s progress: members × courses', async () => {
    open({
      'GET /academy/courses': ok(
        anAcademyHome({
          teamProgress: [
            {
              teamId: 't1',
              teamName: 'Marketing',
              members: [{ userId: 'u2', fullName: 'Grace Hopper', courses: [{ slug: 'writing-posts', completedLessons: 3, lessonCount: 3, passed: true }] }]
            }
          ]
        })
      )
    })
    const table = await screen.findByTestId('academy-team-table')
    const rows = within(table).getAllByRole('row')
    expect(rows[0]?.textContent).toBe('MarketingWriting posts people readA profile that earns trust')
    expect(rows[1]?.textContent).toBe('Grace Hopper3/3Passed—')
  })
})

describe('AcademyHomePage for admins', () => {
  it('writes an organization lesson in Markdown with a preview, sent once with an Idempotency-Key', async () => {
    const lesson = { id: 'lesson-1', title: 'Our posting guideline', summary: '', body: 'Be **kind**.', position: 0, updatedAt: '2026-10-20T10:00:00.000Z' }
    let lessons: (typeof lesson)[] = []
    const { fake, events } = open(
      {
        'GET /academy/lessons': () => ok(lessons),
        'POST /academy/lessons/create': () => {
          lessons = [lesson]
          return ok(lesson)
        }
      },
      aUser()
    )
    await events.click(await screen.findByTestId('org-lessons-empty-add'))
    const dialog = await screen.findByTestId('org-lesson-dialog')
    expect(within(dialog).getByTestId('org-lesson-save')).toHaveProperty('disabled', true)
    await events.type(within(dialog).getByTestId('org-lesson-title'), 'Our posting guideline')
    await events.type(within(dialog).getByTestId('org-lesson-body'), 'Be **kind**.<script>x()</script>')
    await events.click(within(dialog).getByTestId('org-lesson-preview-tab'))
    const preview = within(dialog).getByTestId('org-lesson-preview')
    expect(preview.querySelector('strong')?.textContent).toBe('kind')
    expect(preview.querySelector('script')).toBeNull()
    await events.click(within(dialog).getByTestId('org-lesson-save'))
    await waitFor(() => expect(screen.queryByTestId('org-lesson-dialog')).toBeNull())
    const created = fake.requestsTo('POST', '/academy/lessons/create')
    expect(created).toHaveLength(1)
    expect(created[0]?.body).toEqual({ title: 'Our posting guideline', summary: '', body: 'Be **kind**.<script>x()</script>' })
    expect(created[0]?.idempotencyKey).toBeTruthy()
    expect((await screen.findByTestId('org-lesson')).textContent).toContain('Our posting guideline')
  })

  it('deletes an organization lesson only after confirming', async () => {
    const lesson = { id: 'lesson-1', title: 'Our posting guideline', summary: 'Read first', body: 'Be kind.', position: 0, updatedAt: '2026-10-20T10:00:00.000Z' }
    const { fake, events } = open({ 'GET /academy/lessons': ok([lesson]), 'DELETE /academy/lessons/delete': ok({ ok: true }) }, aUser())
    await events.click(await screen.findByTestId('org-lesson-delete'))
    await events.click(await screen.findByTestId('org-lesson-delete-confirm-cancel'))
    expect(fake.requestsTo('DELETE', '/academy/lessons/delete')).toHaveLength(0)
    await events.click(screen.getByTestId('org-lesson-delete'))
    await events.click(await screen.findByTestId('org-lesson-delete-confirm-confirm'))
    await waitFor(() => expect(fake.requestsTo('DELETE', '/academy/lessons/delete').map((r) => r.query)).toEqual([{ lessonId: 'lesson-1' }]))
  })

  it('revokes a certificate of the organization with an optional reason', async () => {
    const { fake, events } = open({ 'POST /academy/certificates/revoke': ok(aCertificate({ holderName: 'Grace Hopper', revokedAt: '2026-10-21T10:00:00.000Z' })) }, aUser())
    const row = await screen.findByTestId('academy-org-certificate')
    expect(row.textContent).toContain('Grace Hopper')
    await events.click(within(row).getByTestId('academy-org-certificate-revoke'))
    const dialog = await screen.findByTestId('revoke-dialog')
    await events.type(within(dialog).getByTestId('revoke-reason'), 'Shared the answers')
    await events.click(within(dialog).getByTestId('revoke-confirm'))
    await waitFor(() => expect(fake.requestsTo('POST', '/academy/certificates/revoke')).toHaveLength(1))
    expect(fake.requestsTo('POST', '/academy/certificates/revoke')[0]?.body).toEqual({ certificateId: aCertificate().certificateId, reason: 'Shared the answers' })
    await waitFor(() => expect(screen.queryByTestId('revoke-dialog')).toBeNull())
    expect(fake.requestsTo('GET', '/academy/certificates').filter((r) => r.query?.scope === 'organization').length).toBeGreaterThan(1)
  })
})

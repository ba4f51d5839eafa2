// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router-dom'
import type { HostRequest, HostResponse } from '@shared/host'
import type { CourseSummary } from '@shared/domain/academy'
import { OPEN_PLAN_MODAL_EVENT } from '@renderer/api/client'
import { aCertificate, aCourseDetail, aCourseSummary, aQuizResult, anAcademyHome } from '@renderer/testing/academyFixtures'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { aUser } from '@renderer/testing/fixtures'
import { screenTestHooks } from '@renderer/testing/lifecycle'
import { renderInApp } from '@renderer/testing/render'
import LessonPage from './LessonPage'

screenTestHooks()

/** The course summary the server answers a progress change with. */
function progressReply(req: HostRequest): HostResponse {
  const body = req.body as { lessonSlug: string; completed?: boolean }
  const base = aCourseSummary()
  const lessons = base.lessons.map((l) => (l.slug === body.lessonSlug && body.completed !== undefined ? { ...l, completed: body.completed } : l))
  const summary: CourseSummary = { ...base, lessons, completedLessons: lessons.filter((l) => l.completed).length, resumeLessonSlug: body.lessonSlug }
  return ok(summary)
}

function open(path: string, replies: Record<string, HostResponse | ((req: HostRequest) => HostResponse)> = {}) {
  const fake = createFakeHost({
    'GET /user': ok(aUser()),
    'GET /academy/courses': ok(anAcademyHome()),
    'GET /academy/course': ok(aCourseDetail()),
    'PUT /academy/progress': progressReply,
    ...replies
  })
  const view = renderInApp(
    <Routes>
      <Route path="/academy/course/:course/:lesson" element={<LessonPage />} />
      <Route path="*" element={null} />
    </Routes>,
    fake,
    path
  )
  return { ...view, fake, events: userEvent.setup() }
}

const location = () => screen.getByTestId('location').textContent ?? ''
const progressBodies = (fake: ReturnType<typeof createFakeHost>) => fake.requestsTo('PUT', '/academy/progress').map((r) => r.body)

describe('LessonPage: reading', () => {
  it('shows the lesson beside the outline (ticks, the quiz last) and records the visit as the resume point', async () => {
    const { fake } = open('/academy/course/writing-posts/endings')
    expect(await screen.findByTestId('lesson-title')).toHaveProperty('textContent', 'Endings that invite replies')
    expect(screen.getByTestId('lesson-body').textContent).toContain('Text of endings.')
    const steps = within(screen.getByTestId('lesson-outline')).getAllByTestId('lesson-outline-step')
    expect(steps.map((s) => [s.getAttribute('data-step'), s.getAttribute('data-completed')])).toEqual([
      ['hooks', 'true'],
      ['one-idea', 'true'],
      ['endings', 'false'],
      ['quiz', 'false']
    ])
    expect(screen.getByTestId('lesson-progress-label').textContent).toBe('2 of 3 lessons completed')
    await waitFor(() => expect(progressBodies(fake)).toEqual([{ courseSlug: 'writing-posts', lessonSlug: 'endings' }]))
    expect(fake.requestsTo('GET', '/academy/course')[0]?.query).toEqual({ slug: 'writing-posts' })
    expect(screen.getByTestId('lesson-announcement').textContent).toBe('Lesson 3 of 3: Endings that invite replies')
  })

  it('marks a lesson complete and continues to the next step; the outline ticks it and the bar moves', async () => {
    const { fake, events } = open('/academy/course/writing-posts/endings')
    await events.click(await screen.findByTestId('lesson-complete'))
    await waitFor(() => expect(location()).toBe('/academy/course/writing-posts/quiz'))
    expect(progressBodies(fake)).toContainEqual({ courseSlug: 'writing-posts', lessonSlug: 'endings', completed: true })
    await waitFor(() => expect(screen.getByTestId('lesson-progress-label').textContent).toBe('3 of 3 lessons completed'))
    const endings = within(screen.getByTestId('lesson-outline')).getAllByTestId('lesson-outline-step').find((s) => s.getAttribute('data-step') === 'endings')
    expect(endings?.getAttribute('data-completed')).toBe('true')
  })

  it('moves with ← → and j k, but not while typing in a field', async () => {
    open('/academy/course/writing-posts/one-idea')
    await screen.findByTestId('lesson-title')
    fireEvent.keyDown(window, { key: 'ArrowRight' })
    await waitFor(() => expect(location()).toBe('/academy/course/writing-posts/endings'))
    await screen.findByText('Text of endings.')
    fireEvent.keyDown(window, { key: 'k' })
    await waitFor(() => expect(location()).toBe('/academy/course/writing-posts/one-idea'))
    fireEvent.keyDown(window, { key: 'ArrowLeft' })
    await waitFor(() => expect(location()).toBe('/academy/course/writing-posts/hooks'))
    await screen.findByText('Text of hooks.')
    // The first lesson has nothing before it.
    fireEvent.keyDown(window, { key: 'ArrowLeft' })
    expect(screen.getByTestId('lesson-previous')).toHaveProperty('disabled', true)

    const input = document.createElement('input')
    document.body.appendChild(input)
    fireEvent.keyDown(input, { key: 'j' })
    fireEvent.keyDown(window, { key: 'ArrowRight', ctrlKey: true })
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(location()).toBe('/academy/course/writing-posts/hooks')
    input.remove()
  })

  it('says when a lesson or a course does not exist, with the way back', async () => {
    open('/academy/course/writing-posts/no-such-lesson')
    expect((await screen.findByTestId('lesson-not-found-message')).textContent).toBe('This lesson does not exist.')
  })

  it('answers an unknown course (404) with the not-found state', async () => {
    const { events } = open('/academy/course/nope/hooks', { 'GET /academy/course': fail(404, 'This course does not exist.', 'not_found') })
    expect((await screen.findByTestId('lesson-not-found-message')).textContent).toBe('This course does not exist.')
    await events.click(screen.getByTestId('lesson-not-found-back'))
    expect(location()).toBe('/academy/insights')
  })

  it('without ACADEMY shows the course’s outline and See plans, and never asks for the course', async () => {
    const planEvents = vi.fn()
    window.addEventListener(OPEN_PLAN_MODAL_EVENT, planEvents)
    const { fake, events } = open('/academy/course/writing-posts/hooks', { 'GET /academy/courses': ok(anAcademyHome({ entitled: false, insights: null })) })
    const offer = await screen.findByTestId('lesson-offer')
    expect(within(offer).getByText('Writing posts people read')).toBeTruthy()
    expect(within(offer).getByText('Endings that invite replies')).toBeTruthy()
    await events.click(screen.getByTestId('lesson-see-plans'))
    expect(planEvents).toHaveBeenCalledTimes(1)
    expect(fake.requestsTo('GET', '/academy/course')).toHaveLength(0)
    expect(fake.requestsTo('PUT', '/academy/progress')).toHaveLength(0)
    window.removeEventListener(OPEN_PLAN_MODAL_EVENT, planEvents)
  })
})

describe('LessonPage: the final quiz', () => {
  async function answerAll(events: ReturnType<typeof userEvent.setup>, choices: { q1: string; q2: string[]; q3: string }) {
    await events.click(await screen.findByLabelText(choices.q1))
    for (const option of choices.q2) await events.click(screen.getByLabelText(option))
    await events.click(screen.getByLabelText(choices.q3))
  }

  it('keeps Submit disabled until every question is answered; "Choose all that apply" takes several', async () => {
    const { events } = open('/academy/course/writing-posts/quiz')
    const submit = await screen.findByTestId('quiz-submit')
    expect(submit).toHaveProperty('disabled', true)
    const multiple = screen.getAllByTestId('quiz-question').find((q) => q.getAttribute('data-question') === 'q2')!
    expect(within(multiple).getByText('Choose all that apply.')).toBeTruthy()
    expect(within(multiple).getAllByRole('checkbox')).toHaveLength(3)
    await events.click(screen.getByLabelText('The hook'))
    await events.click(screen.getByLabelText('Short lines'))
    expect(submit).toHaveProperty('disabled', true)
    await events.click(screen.getByLabelText('With a question'))
    expect(submit).toHaveProperty('disabled', false)
    expect(screen.getByTestId('quiz-answered').textContent).toBe('3 of 3 answered')
  })

  it('says "Choose all that apply" once when the question’s own words already say it', async () => {
    const detail = aCourseDetail()
    const quiz = detail.quiz!
    const questions = quiz.questions.map((q) => (q.id === 'q2' ? { ...q, prompt: 'Which help a post? (choose all that apply)' } : q))
    open('/academy/course/writing-posts/quiz', { 'GET /academy/course': ok({ ...detail, quiz: { ...quiz, questions } }) })
    await screen.findByTestId('quiz-submit')
    const multiple = screen.getAllByTestId('quiz-question').find((q) => q.getAttribute('data-question') === 'q2')!
    const legend = multiple.querySelector('legend')!.textContent!
    expect(legend).toBe('2. Which help a post? Choose all that apply.')
    expect(legend.match(/choose all that apply/giu)).toHaveLength(1)
  })

  it('fails: the score, the 80 % mark, which questions were wrong (no answers), Try again starts over', async () => {
    const { fake, events } = open('/academy/course/writing-posts/quiz', { 'POST /academy/quiz/submit': ok(aQuizResult(false)) })
    await answerAll(events, { q1: 'The hook', q2: ['Ten links'], q3: 'Abruptly' })
    await events.click(screen.getByTestId('quiz-submit'))
    const result = await screen.findByTestId('quiz-result')
    expect(result.getAttribute('data-passed')).toBe('false')
    expect(screen.getByTestId('quiz-result-summary').textContent).toContain('1 of 3 correct (33%). You need 80% to pass.')
    expect(screen.getAllByTestId('quiz-result-question').map((q) => [q.textContent, q.getAttribute('data-correct')])).toEqual([
      ['1. What comes first? — correct', 'true'],
      ['2. Which help a post? — wrong', 'false'],
      ['3. How should it end? — wrong', 'false']
    ])
    const submitted = fake.requestsTo('POST', '/academy/quiz/submit')
    expect(submitted[0]?.body).toEqual({ courseSlug: 'writing-posts', answers: { q1: ['a'], q2: ['c'], q3: ['b'] } })
    expect(submitted[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    expect(screen.queryByTestId('certificate-view')).toBeNull()

    await events.click(screen.getByTestId('quiz-retry'))
    expect(await screen.findByTestId('quiz-submit')).toHaveProperty('disabled', true)
  })

  it('passes: the certificate with Download PDF, Print, Add to LinkedIn profile and Copy link', async () => {
    const { fake, events } = open('/academy/course/writing-posts/quiz', { 'POST /academy/quiz/submit': ok(aQuizResult(true)) })
    await answerAll(events, { q1: 'The hook', q2: ['Short lines', 'One idea'], q3: 'With a question' })
    await events.click(screen.getByTestId('quiz-submit'))
    const view = await screen.findByTestId('certificate-view')
    expect(within(view).getByTestId('certificate-holder').textContent).toBe('Ada Lovelace')
    expect(within(view).getByTestId('certificate-course').textContent).toBe('Writing posts people read')

    await events.click(within(view).getByTestId('certificate-download'))
    await waitFor(() => expect(fake.host.download).toHaveBeenCalledTimes(1))
    expect(fake.host.download.mock.calls[0]?.[0]).toEqual({
      path: '/academy/certificates/pdf',
      query: { certificateId: 'Zk3q9T0yXbW1vA2cD4eF5g' },
      fileName: 'Pagecrew-certificate-Writing-posts-people-read-Zk3q9T0yXbW1vA2cD4eF5g.pdf'
    })

    await events.click(within(view).getByTestId('certificate-linkedin'))
    const url = new URL(fake.host.openExternal.mock.calls[0]![0])
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      startTask: 'CERTIFICATION_NAME',
      name: 'Writing posts people read',
      organizationName: 'Acme',
      issueYear: '2026',
      issueMonth: '10',
      certId: aCertificate().certificateId,
      certUrl: aCertificate().validationUrl
    })

    const print = vi.fn()
    window.print = print
    await events.click(within(view).getByTestId('certificate-print'))
    expect(print).toHaveBeenCalledTimes(1)

    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await events.click(within(view).getByTestId('certificate-copy-link'))
    expect(writeText).toHaveBeenCalledWith(aCertificate().validationUrl)
  })

  it('after a pass, the quiz step offers the certificate', async () => {
    const passed = aCourseDetail({ course: aCourseSummary({ passed: true, certificate: aCertificate() }) })
    const { events } = open('/academy/course/writing-posts/quiz', { 'GET /academy/course': ok(passed) })
    await events.click(await screen.findByTestId('quiz-passed-certificate'))
    const dialog = await screen.findByTestId('certificate-dialog')
    expect(within(dialog).getByTestId('certificate-holder').textContent).toBe('Ada Lovelace')
    expect(within(dialog).getByTestId('certificate-linkedin')).toBeTruthy()
  })
})

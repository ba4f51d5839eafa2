// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Draft, Idea } from '@shared/domain/entities'
import { OPEN_PLAN_MODAL_EVENT } from '@renderer/api/client'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { entitlements } from '@renderer/testing/fixtures'
import { screenTestHooks } from '@renderer/testing/lifecycle'
import { renderInProviders } from '@renderer/testing/render'
import { AiIdeasPanel, aiUsageText } from './AiIdeasPanel'

const ideas: Idea[] = [
  { title: 'Behind the build', angle: 'Show how the team ships.', hook: 'We shipped 40 times last month.', postType: 'textOnly' },
  { title: 'A customer’s week', angle: 'Follow one customer.', hook: 'Monday, 8 am.', postType: 'textOnly' }
]
const draft: Draft = { text: 'We shipped 40 times last month. #engineering', hashtags: ['#engineering'] }

screenTestHooks()

function mount(options: { limit?: number; used?: number; slotId?: string; businessPageId?: string } = {}) {
  let used = options.used ?? 3
  const limit = options.limit ?? 10
  const fake = createFakeHost({
    'GET /billing/verify/entitled': ok(entitlements(['GENERATE_IDEAS_PER_MONTH'], { GENERATE_IDEAS_PER_MONTH: [limit, used] })),
    'POST /ai/ideas': () => ok({ ideas, usage: { used: ++used, limit } }),
    'POST /ai/draft': () => ok({ draft, usage: { used: ++used, limit } })
  })
  const onUseDraft = vi.fn<(d: Draft) => void>()
  renderInProviders(<AiIdeasPanel postType="poll" slotId={options.slotId} businessPageId={options.businessPageId} onUseDraft={onUseDraft} />, fake)
  return { fake, onUseDraft, user: userEvent.setup() }
}

describe('aiUsageText', () => {
  it('counts against the plan’s limit, or says it is unlimited', () => {
    expect(aiUsageText(3, 10)).toBe('3 of 10 AI generations used this month')
    expect(aiUsageText(1, 0)).toBe('1 AI generation used this month (unlimited)')
    expect(aiUsageText(12, 0)).toBe('12 AI generations used this month (unlimited)')
  })
})

describe('AiIdeasPanel', () => {
  it('generates ideas for the slot and post type, writes a draft from one and hands it over', async () => {
    const { fake, onUseDraft, user } = mount({ slotId: 'slot-1', businessPageId: 'page-1' })
    expect((await screen.findByTestId('ai-usage')).textContent).toBe('3 of 10 AI generations used this month')

    await user.click(screen.getByRole('button', { name: 'Generate ideas' }))
    const cards = await screen.findAllByTestId('ai-idea')
    expect(cards.map((c) => c.textContent)).toEqual([
      'Behind the buildShow how the team ships.“We shipped 40 times last month.”Write a draft',
      'A customer’s weekFollow one customer.“Monday, 8 am.”Write a draft'
    ])
    const ideasBody = fake.requestsTo('POST', '/ai/ideas')[0]?.body as Record<string, unknown>
    expect(ideasBody).toMatchObject({ postType: 'poll', slotId: 'slot-1', businessPageId: 'page-1' })
    expect(typeof ideasBody.seed).toBe('string')
    expect(screen.getByTestId('ai-usage').textContent).toBe('4 of 10 AI generations used this month')

    await user.click(within(cards[1]!).getByRole('button', { name: /Write a draft/ }))
    await waitFor(() => expect(onUseDraft).toHaveBeenCalledWith(draft))
    expect(fake.requestsTo('POST', '/ai/draft')[0]?.body).toEqual({ postType: 'poll', slotId: 'slot-1', businessPageId: 'page-1', idea: ideas[1] })
    expect(screen.getByTestId('ai-usage').textContent).toBe('5 of 10 AI generations used this month')
    // The usage came with the answers: the entitlements were asked for once.
    expect(fake.requestsTo('GET', '/billing/verify/entitled')).toHaveLength(1)
  })

  it('asks for more ideas with a new seed', async () => {
    const { fake, user } = mount()
    await user.click(screen.getByRole('button', { name: 'Generate ideas' }))
    await user.click(await screen.findByRole('button', { name: 'More ideas' }))
    await waitFor(() => expect(fake.requestsTo('POST', '/ai/ideas')).toHaveLength(2))
    const [first, second] = fake.requestsTo('POST', '/ai/ideas').map((r) => (r.body as { seed: string }).seed)
    expect(first).not.toBe(second)
    expect(fake.requestsTo('POST', '/ai/ideas')[0]?.body).not.toHaveProperty('slotId')
  })

  it('shows that it is working while ideas are generated', async () => {
    const { fake, user } = mount()
    let answer: () => void = () => undefined
    fake.reply('POST /ai/ideas', () => new Promise((resolve) => (answer = () => resolve(ok({ ideas, usage: { used: 4, limit: 10 } })))))
    await user.click(screen.getByRole('button', { name: 'Generate ideas' }))
    expect(screen.getByTestId('ai-ideas-panel').getAttribute('aria-busy')).toBe('true')
    expect(screen.getByText('Generating ideas…')).toBeTruthy()
    answer()
    await screen.findAllByTestId('ai-idea')
    expect(screen.getByTestId('ai-ideas-panel').getAttribute('aria-busy')).toBe('false')
  })

  it('says unlimited on plans without a limit', async () => {
    mount({ limit: 0, used: 7 })
    expect((await screen.findByTestId('ai-usage')).textContent).toBe('7 AI generations used this month (unlimited)')
  })

  it('toasts a failure, but leaves an exhausted plan to the plan dialog', async () => {
    /** The panel is no longer busy once its request has failed and the failure has been handled. */
    const handled = () => waitFor(() => expect(screen.getByTestId('ai-ideas-panel').getAttribute('aria-busy')).toBe('false'))
    const { fake, user } = mount()
    fake.reply('POST /ai/ideas', fail(500, 'Boom', 'internal'))
    await user.click(screen.getByRole('button', { name: 'Generate ideas' }))
    await handled()
    // By then a toast is showing (so its absence below means none was asked for).
    expect(screen.getByTestId('toast').textContent).toContain('Ideas not generated ⚠️')
    expect(screen.getByTestId('toast').textContent).toContain('Something went wrong. Please try again later.')

    cleanup()
    const plan = vi.fn()
    window.addEventListener(OPEN_PLAN_MODAL_EVENT, plan)
    const limited = mount()
    limited.fake.reply('POST /ai/ideas', fail(402, 'Your organization has used all AI generations of this month.', 'plan_limit'))
    await limited.user.click(screen.getByRole('button', { name: 'Generate ideas' }))
    await waitFor(() => expect(plan).toHaveBeenCalledTimes(1))
    await handled()
    expect(screen.queryByTestId('toast')).toBeNull()
    window.removeEventListener(OPEN_PLAN_MODAL_EVENT, plan)
  })
})

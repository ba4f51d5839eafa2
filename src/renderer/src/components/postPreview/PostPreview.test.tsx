// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { PostMedia } from '@shared/domain/entities'
import { createFakeHost } from '@renderer/testing/fakeHost'
import { aMedia } from '@renderer/testing/mediaFixtures'
import { renderInProviders } from '@renderer/testing/render'
import { PostPreview, type PostPreviewProps } from './PostPreview'

afterEach(cleanup)

const author = { name: 'Ada Lovelace', image: null, subtitle: 'Head of Engines at Acme' }

function show(overrides: Partial<PostPreviewProps> = {}) {
  const props: PostPreviewProps = { text: 'Hello', type: 'textOnly', poll: null, media: [], author, width: 'desktop', ...overrides }
  renderInProviders(<PostPreview {...props} />, createFakeHost())
  return { region: screen.getByRole('region', { name: `Post preview (${props.width})` }), user: userEvent.setup() }
}

const images = (n: number): PostMedia[] => Array.from({ length: n }, (_, i) => aMedia({ fileName: `shot-${i + 1}.png` }))

describe('PostPreview', () => {
  it('shows the author, subtitle and when, at LinkedIn’s desktop and mobile widths', () => {
    const { region } = show()
    expect(region.style.width).toBe('555px')
    expect(region.textContent).toContain('Ada Lovelace')
    expect(region.textContent).toContain('Head of Engines at Acme')
    expect(region.textContent).toContain('Now · ')
    // The globe (visible to anyone), as an icon: an emoji needs a font the system may lack.
    expect(within(region).getByRole('img', { name: 'Anyone' })).toBeTruthy()
    expect(within(region).getByText('AL')).toBeTruthy()
    cleanup()
    expect(show({ width: 'mobile' }).region.style.width).toBe('360px')
  })

  it('lets Arabic and Hebrew run right to left: every element with the post’s words carries dir="auto", desktop and mobile', () => {
    for (const width of ['desktop', 'mobile'] as const) {
      const { region } = show({
        text: 'مرحبا بالعالم #عربي',
        width,
        type: 'poll',
        poll: { question: 'מה דעתכם?', options: ['כן', 'לא'], durationDays: 3 },
        reshared: { author: 'Dana', text: 'שלום עולם' }
      })
      expect(within(region).getByTestId('preview-text').getAttribute('dir')).toBe('auto')
      expect(within(region).getByText('מה דעתכם?').getAttribute('dir')).toBe('auto')
      expect(within(region).getByText('כן').getAttribute('dir')).toBe('auto')
      expect(within(region).getByTestId('preview-reshared-text').getAttribute('dir')).toBe('auto')
      cleanup()
    }
    const { region } = show({ text: '' })
    expect(within(region).getByText('What do you want to talk about?').getAttribute('dir')).toBe('auto')
  })

  it('collapses a long post behind ‘…see more’ and opens it', async () => {
    const text = 'Line one\nLine two\nLine three\nLine four is where it ends'
    const { region, user } = show({ text })
    const body = within(region).getByTestId('preview-text')
    expect(body.textContent).toBe('Line one\nLine two\nLine three…see more')
    await user.click(within(region).getByRole('button', { name: '…see more' }))
    expect(body.textContent).toBe(`${text}see less`)
  })

  it('collapses after two lines on mobile', () => {
    const { region } = show({ text: 'One\nTwo\nThree', width: 'mobile' })
    expect(within(region).getByTestId('preview-text').textContent).toBe('One\nTwo…see more')
    cleanup()
    expect(within(show({ text: 'One\nTwo\nThree' }).region).queryByRole('button', { name: '…see more' })).toBeNull()
  })

  it('shows hashtags and links in LinkedIn blue', () => {
    const { region } = show({ text: 'We are #hiring: https://acme.example/jobs' })
    const highlighted = within(region).getByText('#hiring')
    expect(highlighted.tagName).toBe('SPAN')
    expect(within(region).getByText('https://acme.example/jobs').className).toBe(highlighted.className)
  })

  it('lays images out as LinkedIn does', () => {
    const layoutOf = (n: number) => {
      const { region } = show({ type: 'images', media: images(n) })
      const grid = within(region).getByTestId('preview-images')
      const result = { layout: grid.dataset.layout, shown: within(grid).getAllByRole('img').map((i) => i.getAttribute('alt')), more: within(grid).queryByTestId('preview-more-images')?.textContent }
      cleanup()
      return result
    }
    expect(layoutOf(1)).toEqual({ layout: 'single', shown: ['shot-1.png'], more: undefined })
    expect(layoutOf(2)).toEqual({ layout: 'pair', shown: ['shot-1.png', 'shot-2.png'], more: undefined })
    expect(layoutOf(3)).toEqual({ layout: 'grid', shown: ['shot-1.png', 'shot-2.png', 'shot-3.png'], more: undefined })
    expect(layoutOf(7)).toEqual({ layout: 'grid', shown: ['shot-1.png', 'shot-2.png', 'shot-3.png', 'shot-4.png'], more: '+3' })
  })

  it('uses thumbnails and alt text', () => {
    const [photo] = images(1)
    const { region } = show({ type: 'images', media: [{ ...photo!, altText: 'Our booth' }] })
    expect(within(region).getByRole('img', { name: 'Our booth' }).getAttribute('src')).toBe(photo!.thumbnailUrl)
  })

  it('shows only what the post type carries', () => {
    const video = aMedia({ kind: 'video', fileName: 'demo.mp4' })
    const { region } = show({ type: 'textOnly', media: [...images(2), video] })
    expect(within(region).queryByTestId('preview-images')).toBeNull()
    expect(within(region).queryByTestId('preview-video')).toBeNull()
    cleanup()
    expect(within(show({ type: 'videos', media: [video] }).region).getByTestId('preview-video').textContent).toContain('demo.mp4')
    cleanup()
    const deck = aMedia({ kind: 'document', fileName: 'Q3 results.pdf' })
    expect(within(show({ type: 'document', media: [deck] }).region).getByTestId('preview-document').textContent).toContain('Q3 results.pdf')
  })

  it('shows a poll with its options and time left', () => {
    const { region } = show({ type: 'poll', poll: { question: 'Tabs or spaces?', options: ['Tabs', ''], durationDays: 3 } })
    const poll = within(region).getByTestId('preview-poll')
    expect(poll.textContent).toBe('Tabs or spaces?TabsOption 20 votes · 3 days left')
    cleanup()
    const one = within(show({ type: 'poll', poll: { question: 'Q', options: ['a', 'b'], durationDays: 1 } }).region).getByTestId('preview-poll')
    expect(one.textContent).toContain('1 day left')
  })

  it('keeps the reactions row away from assistive technology', () => {
    const { region } = show()
    expect(within(region).getByTestId('preview-actions').getAttribute('aria-hidden')).toBe('true')
    expect(within(region).queryByRole('button', { name: /Like/ })).toBeNull()
  })
})

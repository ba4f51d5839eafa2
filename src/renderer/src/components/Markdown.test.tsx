// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createFakeHost } from '@renderer/testing/fakeHost'
import { screenTestHooks } from '@renderer/testing/lifecycle'
import { renderInProviders } from '@renderer/testing/render'
import { Markdown } from './Markdown'

screenTestHooks()

function show(markdown: string) {
  const fake = createFakeHost()
  renderInProviders(<Markdown data-testid="md">{markdown}</Markdown>, fake)
  return { fake, root: screen.getByTestId('md') }
}

describe('Markdown', () => {
  it('renders CommonMark: headings, emphasis, lists, quotes', () => {
    const { root } = show('## Hook first\n\nWrite **one** idea.\n\n- short\n- clear\n\n> Quote')
    expect(root.querySelector('h2')?.textContent).toBe('Hook first')
    expect(root.querySelector('strong')?.textContent).toBe('one')
    expect(root.querySelectorAll('li')).toHaveLength(2)
    expect(root.querySelector('blockquote')?.textContent?.trim()).toBe('Quote')
  })

  it('renders GitHub tables, which the lessons use', () => {
    const { root } = show('| Do | Don’t |\n|---|---|\n| One idea | Ten links |')
    expect([...root.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Do', 'Don’t'])
    expect([...root.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['One idea', 'Ten links'])
  })

  it('renders no raw HTML: no script, no element written as HTML, no event handler', () => {
    const { root } = show('Before\n\n<script>window.hacked = true</script>\n\n<div class="x" onclick="alert(1)">inside</div>\n\nText with <b>bold</b> <img src="x" onerror="alert(1)"> after')
    expect(root.querySelector('script')).toBeNull()
    expect(root.querySelector('div.x')).toBeNull()
    expect(root.querySelector('b')).toBeNull()
    expect(root.querySelector('[onclick], [onerror]')).toBeNull()
    expect(root.innerHTML).not.toContain('<script')
    expect(root.textContent).toContain('Before')
    expect(root.textContent).toContain('after')
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined()
  })

  it('drops javascript: and other non-web links: their text stays, no anchor, nothing opens', async () => {
    const { root, fake } = show('[click me](javascript:alert(1)) and [mail](mailto:a@example.com) and [file](file:///etc/passwd)')
    expect(root.querySelector('a')).toBeNull()
    expect(root.textContent).toContain('click me')
    expect(root.innerHTML).not.toContain('javascript:')
    await userEvent.click(screen.getByText('click me'))
    expect(fake.host.openExternal).not.toHaveBeenCalled()
  })

  it('opens a web link through the host, never in the app window', async () => {
    const { root, fake } = show('Read [the guide](https://www.linkedin.com/help/) today.')
    const link = root.querySelector('a')!
    expect(link.getAttribute('href')).toBe('https://www.linkedin.com/help/')
    await userEvent.click(link)
    expect(fake.host.openExternal).toHaveBeenCalledWith('https://www.linkedin.com/help/')
  })

  it('does not load remote images: the alt text stands in', () => {
    const { root } = show('![A chart of reach](https://tracker.example.com/pixel.png)')
    expect(root.querySelector('img')).toBeNull()
    expect(root.textContent).toContain('[A chart of reach]')
  })
})

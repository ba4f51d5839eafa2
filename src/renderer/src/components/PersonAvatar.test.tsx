// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { createFakeHost } from '@renderer/testing/fakeHost'
import { screenTestHooks } from '@renderer/testing/lifecycle'
import { renderInProviders } from '@renderer/testing/render'
import { PersonAvatar } from './PersonAvatar'

screenTestHooks()

describe('PersonAvatar', () => {
  it.each([
    ['محمد علي', 'مع'],
    ['🎉 Party Planner', 'PP'],
    ['王小明', '王'],
    ['Ada Lovelace', 'AL']
  ])('shows %s as %s', (name, initials) => {
    renderInProviders(<PersonAvatar name={name} data-testid="avatar" />, createFakeHost())
    expect(screen.getByTestId('avatar').textContent).toBe(initials)
  })
})

// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen } from '@testing-library/react'
import { createFakeHost, ok } from '@renderer/testing/fakeHost'
import { aPostTag } from '@renderer/testing/fixtures'
import { renderInApp } from '@renderer/testing/render'
import { YourTopicTags } from './YourTopicTags'

afterEach(cleanup)

describe('Your topic tags', () => {
  it('asks to contact an admin when the user has no tags', async () => {
    const fake = createFakeHost({ 'POST /postTag': ok([]) })
    renderInApp(<YourTopicTags userId="user-1" />, fake)
    expect(await screen.findByText('Please contact your admin to add you to a team to use tags.')).toBeTruthy()
    expect(fake.requestsTo('POST', '/postTag')[0]?.body).toEqual({ memberIds: ['user-1'] })
  })

  it("lists the user's tags", async () => {
    renderInApp(<YourTopicTags userId="user-1" />, createFakeHost({ 'POST /postTag': ok([aPostTag({ title: 'Hiring', assignedUsers: ['user-1'] })]) }))
    expect(await screen.findByText('Hiring')).toBeTruthy()
  })
})

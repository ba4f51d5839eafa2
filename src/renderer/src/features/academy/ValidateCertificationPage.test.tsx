// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { CertificateValidation } from '@shared/domain/academy'
import type { HostRequest } from '@shared/host'
import { createFakeHost, fail, ok } from '@renderer/testing/fakeHost'
import { screenTestHooks } from '@renderer/testing/lifecycle'
import { renderInApp } from '@renderer/testing/render'
import ValidateCertificationPage from './ValidateCertificationPage'

screenTestHooks()

const valid: CertificateValidation = {
  status: 'valid',
  certificateId: 'Zk3q9T0yXbW1vA2cD4eF5g',
  holderName: 'Ada Lovelace',
  courseTitle: 'Writing posts people read',
  organizationName: 'Acme',
  issuedAt: '2026-10-20T10:00:00.000Z',
  revokedAt: null
}

function open(path: string, reply: (req: HostRequest) => ReturnType<typeof ok>) {
  const fake = createFakeHost({ 'GET /academy/certificates/validate': reply })
  renderInApp(<ValidateCertificationPage />, fake, path)
  return { fake, events: userEvent.setup() }
}

const location = () => screen.getByTestId('location').textContent ?? ''

describe('ValidateCertificationPage', () => {
  it('validates the ?id= of a certificate’s address at once: holder, course, organization, date', async () => {
    const { fake } = open('/validate-certification?id=Zk3q9T0yXbW1vA2cD4eF5g', () => ok(valid))
    const result = await screen.findByTestId('certificate-result')
    expect(result.textContent).toContain('This certificate is valid.')
    expect(screen.getByTestId('certificate-holder').textContent).toBe('Ada Lovelace')
    expect(screen.getByTestId('certificate-course').textContent).toBe('Writing posts people read')
    expect(screen.getByTestId('certificate-organization').textContent).toBe('Acme')
    expect(result.textContent).toContain('20 October 2026')
    expect(fake.requestsTo('GET', '/academy/certificates/validate').map((r) => r.query)).toEqual([{ certificateId: 'Zk3q9T0yXbW1vA2cD4eF5g' }])
    expect((screen.getByTestId('certificate-id') as HTMLInputElement).value).toBe('Zk3q9T0yXbW1vA2cD4eF5g')
  })

  it('says when a certificate was revoked', async () => {
    open('/validate-certification?id=Zk3q9T0yXbW1vA2cD4eF5g', () => ok({ ...valid, status: 'revoked', revokedAt: '2026-11-02T09:00:00.000Z' }))
    const revoked = await screen.findByTestId('certificate-revoked')
    expect(revoked.textContent).toContain('This certificate was revoked on 2 November 2026.')
    expect(screen.queryByTestId('certificate-result')).toBeNull()
  })

  it('answers an unknown ID with the server’s not-found message, and puts a typed ID in the address', async () => {
    const { events } = open('/validate-certification', (req) => (req.query?.certificateId === 'nope' ? fail(404, 'No certificate found with this ID.', 'not_found') : ok(valid)))
    await events.click(screen.getByTestId('certificate-validate'))
    expect(await screen.findByText('Enter a certificate ID.')).toBeTruthy()
    await events.type(screen.getByTestId('certificate-id'), 'nope')
    await events.click(screen.getByTestId('certificate-validate'))
    expect((await screen.findByTestId('certificate-error')).textContent).toBe('No certificate found with this ID.')
    expect(location()).toBe('/validate-certification?id=nope')
    await events.clear(screen.getByTestId('certificate-id'))
    await events.type(screen.getByTestId('certificate-id'), 'Zk3q9T0yXbW1vA2cD4eF5g')
    await events.click(screen.getByTestId('certificate-validate'))
    await waitFor(() => expect(screen.getByTestId('certificate-holder').textContent).toBe('Ada Lovelace'))
    expect(screen.queryByTestId('certificate-error')).toBeNull()
  })
})

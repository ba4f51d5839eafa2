import { describe, expect, it } from 'vitest'
import { judgePassword, loadPasswordEstimator, passwordUserInputs } from './password'

const user = { email: 'ada.lovelace@example.com', fullName: 'Ada Lovelace' }

describe('password strength', () => {
  it("refuses what the length rule let through: common passwords, digits, spaces, the user's own email and name", async () => {
    const estimator = await loadPasswordEstimator()
    const weakOnes = ['password', '12345678', '        ', 'ada.lovelace@example.com', 'AdaLovelace', 'Ada Lovelace 1', 'lovelace1', 'qwertyuiop']
    for (const weak of weakOnes) {
      const verdict = judgePassword(estimator, weak, user)
      expect(verdict.ok, weak).toBe(false)
      expect(verdict.message, weak).toMatch(/^This password is too easy to guess\. \S/)
    }
  })

  it('accepts long, uncommon passwords', async () => {
    const estimator = await loadPasswordEstimator()
    for (const strong of ['correct horse battery staple', 'plum-otter-cascade-41', 'Tr0ub4dor&3']) {
      const verdict = judgePassword(estimator, strong, user)
      expect(verdict, strong).toMatchObject({ ok: true, message: null })
      expect(verdict.score).toBeGreaterThanOrEqual(3)
    }
  })

  it("explains with the estimator's own feedback", async () => {
    const estimator = await loadPasswordEstimator()
    expect(judgePassword(estimator, 'password', user).message).toBe(
      'This password is too easy to guess. This is a heavily used password. Add more words that are less common.'
    )
    expect(judgePassword(estimator, 'ada.lovelace@example.com', user).message).toContain('personal')
  })

  it('treats the email, its parts and the name words as the user’s own', () => {
    expect(passwordUserInputs(user)).toEqual([
      'ada.lovelace@example.com',
      'ada.lovelace',
      'adalovelace',
      'ada',
      'lovelace',
      'example.com',
      'example',
      'ada lovelace'
    ])
    expect(passwordUserInputs({ email: null, fullName: null })).toEqual([])
  })
})

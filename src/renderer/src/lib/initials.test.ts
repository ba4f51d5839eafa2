import { describe, expect, it } from 'vitest'
import { initialsOf } from './initials'

describe('initialsOf', () => {
  it('takes the first letter of the first and last words, in any script', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL')
    expect(initialsOf('ada maria lovelace')).toBe('AL')
    expect(initialsOf('Zoë')).toBe('Z')
    expect(initialsOf('Émile Zola')).toBe('ÉZ')
    expect(initialsOf('محمد علي')).toBe('مع')
    expect(initialsOf('דוד לוי')).toBe('דל')
    expect(initialsOf('王小明')).toBe('王')
  })

  it('skips emoji, punctuation and bracketed parts; a name of emoji alone shows its first one', () => {
    expect(initialsOf('🎉 Party Planner')).toBe('PP')
    expect(initialsOf('Ann 🚀')).toBe('A')
    expect(initialsOf('"Max" Mustermann')).toBe('MM')
    expect(initialsOf('Ann Author (Marketing)')).toBe('AA')
    expect(initialsOf('👩‍💻🎉')).toBe('👩‍💻')
    expect(initialsOf('  ')).toBe('')
  })
})

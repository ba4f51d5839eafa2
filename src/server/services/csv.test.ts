import { describe, expect, it } from 'vitest'
import { csvSafeText, csvUnguarded } from './csv'

describe('CSV cells a spreadsheet shows as text', () => {
  it('puts a quote wherever a formula could start: first, and after ; , tab, CR or LF (spaces and quotes between)', () => {
    expect(csvSafeText('=1+1')).toBe("'=1+1")
    expect(csvSafeText('ok;=1+1')).toBe("ok;'=1+1")
    expect(csvSafeText('Acme; =HYPERLINK("x")')).toBe(`Acme;' =HYPERLINK("x")`)
    expect(csvSafeText('a,"@SUM(1)"')).toBe(`a,'"@SUM(1)"`)
    expect(csvSafeText('one\n-2\r\n+3\t@4')).toBe("one\n'-2\r\n'+3\t'@4")
    expect(csvSafeText('\t=x')).toBe("'\t'=x")
    expect(csvSafeText("'=x")).toBe("''=x")
    for (const plain of ['Hiring', '2026-03-12', '1-2', 'a = b', 'x@example.com', 'Sales, Europe']) expect(csvSafeText(plain)).toBe(plain)
    expect(csvSafeText(null)).toBe('')
  })

  it('import takes exactly the guards off again, for any text', () => {
    const alphabet = ['a', ' ', '"', "'", '=', '+', '-', '@', ';', ',', '\t', '\r', '\n']
    let seed = 7
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let i = 0; i < 5000; i++) {
      const text = Array.from({ length: 1 + Math.floor(next() * 10) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('')
      const guarded = csvSafeText(text)
      expect(csvUnguarded(guarded), JSON.stringify(text)).toBe(text)
      for (const piece of guarded.split(/[;,\t\r\n]/)) expect(piece, JSON.stringify(text)).not.toMatch(/^[ "]*[=+\-@]/)
    }
  })
})

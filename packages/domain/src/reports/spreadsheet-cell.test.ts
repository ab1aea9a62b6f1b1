import { describe, expect, it } from 'vitest'
import { csvCell, csvLine } from './spreadsheet-cell.js'

describe('spreadsheet cells (CSV injection)', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+57 300', "'+57 300"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['Ana María', 'Ana María'],
    ['a;b', '"a;b"'],
    ['línea\notra', '"línea\notra"'],
    [null, ''],
    [12, '12'],
    [{ a: 1 }, '"{""a"":1}"'],
  ])('%j → %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell)
  })

  it('ends a line with CRLF', () => {
    expect(csvLine(['a', '=b', null])).toBe("a,'=b,\r\n")
  })
})

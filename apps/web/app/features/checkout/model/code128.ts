/**
 * Code 128 (ISO/IEC 15417) for the cash voucher's barcode, drawn as SVG without a dependency. A digit-only
 * reference uses code set C (two digits per symbol, the densest and what store scanners expect for
 * payment references); anything else uses code set B, switching to C for runs of four or more digits.
 */

// Element widths (bar, space, bar, space, bar, space) of symbol values 0..105; 106 is the stop pattern.
// biome-ignore format: the table reads best in rows of ten
const PATTERNS: readonly string[] = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
]

export const CODE128_PATTERNS = PATTERNS
export const START_B = 104
export const START_C = 105
export const CODE_B = 100
export const CODE_C = 99
export const STOP = 106
/** Blank modules on each side, ten times the narrowest bar as the standard asks. */
export const QUIET_ZONE = 10

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9'

function digitRun(text: string, from: number): number {
  let n = 0
  while (isDigit(text[from + n])) n++
  return n
}

/** Start, data and check values plus stop; throws for characters outside printable ASCII. */
export function code128Values(text: string): number[] {
  if (text.length === 0) throw new RangeError('Nothing to encode')
  for (const ch of text) {
    const code = ch.charCodeAt(0)
    if (ch.length !== 1 || code < 32 || code > 126)
      throw new RangeError(`Cannot encode ${JSON.stringify(ch)}`)
  }
  const leading = digitRun(text, 0)
  let setC = leading === text.length ? leading % 2 === 0 : leading >= 4
  const values: number[] = [setC ? START_C : START_B]
  let i = 0
  while (i < text.length) {
    const run = digitRun(text, i)
    if (setC) {
      if (run >= 2) {
        values.push(Number(text.slice(i, i + 2)))
        i += 2
        continue
      }
      values.push(CODE_B)
      setC = false
      continue
    }
    // Enter C for a long enough run (or a trailing even run); an odd run keeps its first digit in B.
    if (run >= 4 || (run >= 2 && run === text.length - i && run % 2 === 0)) {
      if (run % 2 === 1) {
        values.push(text.charCodeAt(i) - 32)
        i++
      }
      values.push(CODE_C)
      setC = true
      continue
    }
    values.push(text.charCodeAt(i) - 32)
    i++
  }
  values.push(checksumOf(values), STOP)
  return values
}

/** The start value plus each data value times its position, modulo 103. */
export function checksumOf(values: readonly number[]): number {
  let sum = values[0] ?? 0
  for (let i = 1; i < values.length; i++) sum += (values[i] ?? 0) * i
  return sum % 103
}

export interface Code128Bars {
  /** Bars as [x, width] in modules, quiet zones included. */
  bars: [number, number][]
  /** Total width in modules, quiet zones included. */
  width: number
}

/** The bars to draw for `text`. */
export function code128Bars(text: string): Code128Bars {
  const bars: [number, number][] = []
  let x = QUIET_ZONE
  for (const value of code128Values(text)) {
    const pattern = PATTERNS[value] ?? ''
    for (let k = 0; k < pattern.length; k++) {
      const w = Number(pattern[k])
      if (k % 2 === 0) bars.push([x, w])
      x += w
    }
  }
  return { bars, width: x + QUIET_ZONE }
}

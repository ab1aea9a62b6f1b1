/**
 * How the back-office editor labels the rows and numbers the seats of a block it generates (issue 18).
 * Row labels and seat numbers are what a fan reads on the ticket and on the chair, so they follow the
 * conventions venues sign with: letters that cannot be mistaken for digits are skipped, and European
 * theatres number odd seats on one side of the centre aisle and even seats on the other.
 */

export interface RowNumbering {
  type: 'LETTER' | 'NUMBER'
  order: 'ASC' | 'DESC'
  /** 1-based; for LETTER 1 = 'A' (the first letter not skipped). For NUMBER, the first row number. */
  start: number
  /** Letters never used, e.g. ['I', 'O']; for NUMBER, numbers never used (e.g. ['13']). */
  skip: string[]
}

export interface SeatNumbering {
  order: 'ASC' | 'DESC'
  /** First seat number, >= 0. */
  start: number
  /**
   * ODD: 1, 3, 5…; EVEN: 2, 4, 6…; ODD_EVEN: odd numbers from the centre to the left, even from the centre
   * to the right, as European theatres sign them (… 5 3 1 2 4 6 …).
   */
  sides: 'ALL' | 'ODD' | 'EVEN' | 'ODD_EVEN'
}

// layoutRowSchema caps a row label at 8 characters.
const MAX_LABEL_LENGTH = 8

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/**
 * The row labels, front row first. LETTER counts like spreadsheet columns over the letters left after
 * `skip` (A…Z, then AA, AB…), so a skipped letter appears in no label, not even inside a double one —
 * a row "AI" would be misread as "A1" just like "I" as "1". DESC reverses: the front row gets the highest.
 */
export function rowLabels(n: RowNumbering, count: number): string[] {
  checkCount(count)
  const labels = n.type === 'LETTER' ? letterLabels(n, count) : numberLabels(n, count)
  return n.order === 'DESC' ? labels.reverse() : labels
}

function letterLabels(n: RowNumbering, count: number): string[] {
  if (!Number.isInteger(n.start) || n.start < 1) throw new RangeError('letter rows start at 1 (A)')
  const skipped = new Set(n.skip.map((s) => s.trim().toUpperCase()))
  const letters = [...ALPHABET].filter((l) => !skipped.has(l))
  const base = letters.length
  if (base === 0) throw new RangeError('every letter is skipped')
  const out: string[] = []
  for (let i = 0; i < count; i++) {
    // Bijective base-`base` numeral of (start + i): there is no zero digit, so Z is followed by AA.
    let k = n.start + i
    let label = ''
    while (k > 0) {
      k -= 1
      label = letters[k % base] + label
      k = Math.floor(k / base)
    }
    if (label.length > MAX_LABEL_LENGTH)
      throw new RangeError(`row label ${label} is longer than 8 characters`)
    out.push(label)
  }
  return out
}

function numberLabels(n: RowNumbering, count: number): string[] {
  if (!Number.isInteger(n.start) || n.start < 0) throw new RangeError('row numbers start at 0 or more')
  const skipped = new Set(n.skip.map((s) => s.trim()))
  const out: string[] = []
  for (let value = n.start; out.length < count; value++) {
    const label = String(value)
    if (label.length > MAX_LABEL_LENGTH)
      throw new RangeError(`row label ${label} is longer than 8 characters`)
    if (!skipped.has(label)) out.push(label)
  }
  return out
}

/**
 * The seat numbers of one row in left-to-right order as seen facing the stage. ASC increases from the
 * left end; DESC is its mirror image (for ODD_EVEN, DESC puts the odd side on the right).
 */
export function seatNumbers(n: SeatNumbering, count: number): number[] {
  checkCount(count)
  if (!Number.isInteger(n.start) || n.start < 0) throw new RangeError('seat numbers start at 0 or more')
  const out: number[] = new Array(count)
  if (n.sides === 'ALL') {
    for (let i = 0; i < count; i++) out[i] = n.start + i
  } else if (n.sides === 'ODD' || n.sides === 'EVEN') {
    const first = firstOfParity(n.start, n.sides === 'ODD' ? 1 : 0)
    for (let i = 0; i < count; i++) out[i] = first + 2 * i
  } else {
    // The odd side takes the extra seat of an odd count: it holds the lowest number, nearest the centre.
    const odd = Math.ceil(count / 2)
    const firstOdd = firstOfParity(n.start, 1)
    const firstEven = firstOfParity(n.start, 0)
    for (let i = 0; i < odd; i++) out[odd - 1 - i] = firstOdd + 2 * i
    for (let i = 0; i < count - odd; i++) out[odd + i] = firstEven + 2 * i
  }
  return n.order === 'DESC' ? out.reverse() : out
}

const firstOfParity = (start: number, parity: 0 | 1) => (start % 2 === parity ? start : start + 1)

function checkCount(count: number) {
  if (!Number.isInteger(count) || count < 0) throw new RangeError('count must be a whole number >= 0')
}

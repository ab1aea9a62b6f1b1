import { describe, expect, it } from 'vitest'
import { checkoutPathOf } from './checkout-path.js'

describe('checkoutPathOf', () => {
  it.each([
    [{ slug: 'clasico', hasLayout: true }, '/checkout/stadium?event=clasico'],
    [{ slug: 'concierto', hasLayout: false }, '/checkout?event=concierto'],
    [{ slug: 'a b&c', hasLayout: false }, '/checkout?event=a%20b%26c'],
  ])('%j → %s', (event, expected) => {
    expect(checkoutPathOf(event)).toBe(expected)
  })
})

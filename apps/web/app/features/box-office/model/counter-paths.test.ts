import { describe, expect, it } from 'vitest'
import { counterPathOf, isCounterPath } from './counter-paths'

const id = '0b7c8a52-6f1e-4d59-9a43-2d1f0e8b7c61'

describe('the counter twin of a checkout path', () => {
  it('keeps the voucher and transfer pages, under /assistant/', () => {
    expect(counterPathOf(`/checkout/cash/palco?order=${id}`)).toBe(`/assistant/cash/palco?order=${id}`)
    expect(counterPathOf(`/checkout/transfer?order=${id}`)).toBe(`/assistant/transfer?order=${id}`)
  })

  it('sells an event from its seat map, or from the counter’s zones when it has none', () => {
    expect(counterPathOf('/checkout/stadium?event=clasico')).toBe('/assistant/stadium?event=clasico')
    expect(counterPathOf('/checkout?event=festival')).toBe('/assistant?event=festival')
  })

  it('ends every outcome on the sale’s receipt', () => {
    for (const page of ['successful_purchase', 'fail_purchase', 'pending'])
      expect(counterPathOf(`/checkout/${page}?order=${id}`)).toBe(`/assistant/successful_purchase?sale=${id}`)
  })

  it('leaves other paths alone and tells counter pages apart', () => {
    expect(counterPathOf('https://bank.example/pse')).toBe('https://bank.example/pse')
    expect(isCounterPath('/assistant/cash')).toBe(true)
    expect(isCounterPath('/checkout/cash')).toBe(false)
  })
})

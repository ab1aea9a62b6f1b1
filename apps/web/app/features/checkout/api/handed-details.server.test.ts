import { describe, expect, it } from 'vitest'
import { handOverCookie, readPostedDetails, takeHandedDetails } from './handed-details.server'

const HOLD = '0b9c5a52-8a4e-4c8e-9d55-2f8a0f6f1a11'
const OTHER = '7d4f2f0e-3a7c-4d7b-8a52-6c1f9e2b3d44'

/** What the browser sends when the page's form is posted without its script. */
function posted(overrides: Record<string, string> = {}) {
  const form = new FormData()
  const fields = {
    'contact.firstName': 'Camila',
    'contact.lastName': 'Rojas',
    'contact.email': ' Fan@Palco.co ',
    'contact.phonePrefix': '+57',
    'contact.phone': '300 123 4567',
    'billing.fullName': 'Camila Rojas',
    'billing.documentType': 'CC',
    'billing.documentNumber': '1020304050',
    ...overrides,
  }
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  return form
}

const request = (cookie?: string, url = 'http://localhost/checkout/buy') =>
  new Request(url, cookie ? { headers: { cookie } } : {})

/** The cookie's name=value as the browser sends it back. */
const sentBack = (setCookie: string) => setCookie.split(';')[0] ?? ''

describe('the checkout details the browser posts itself', () => {
  it('checks them as the page does, keeping what was typed and what the payment sends', async () => {
    const result = await readPostedDetails(posted())
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.details.raw.contact.phone).toBe('300 123 4567')
    expect(result.details.parsed.contact.phone).toBe('3001234567')
    expect(result.details.parsed.contact.email).toBe('fan@palco.co')
  })

  it('answers wrong or missing fields with their message keys and everything typed', async () => {
    const form = posted({ 'billing.documentNumber': 'x' })
    form.delete('contact.firstName')
    const result = await readPostedDetails(form)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors.contact?.firstName?.message).toBe('required')
    expect(result.errors.billing?.documentNumber?.message).toBeTruthy()
    expect(result.raw.contact).toMatchObject({ firstName: '', lastName: 'Rojas' })
    expect(result.raw.billing.documentNumber).toBe('x')
    // Data for the page: no DOM references.
    expect(JSON.stringify(result.errors)).not.toContain('ref')

    const phone = await readPostedDetails(posted({ 'contact.phone': '12345' }))
    expect(phone.ok ? null : phone.errors.contact?.phone?.message).toBe('invalidPhone')
  })

  it('hands the verdict to the next page once, in an HttpOnly cookie for checkout only, for this hold only', async () => {
    const result = await readPostedDetails(posted())
    if (!result.ok) throw new Error('expected valid details')
    const set = handOverCookie(request(), HOLD, result)
    expect(set).toMatch(/; Path=\/checkout; Max-Age=600; HttpOnly; SameSite=Lax$/)
    expect(set).not.toContain('Camila')
    expect(handOverCookie(request(undefined, 'https://palco.co/checkout'), HOLD, result)).toMatch(/; Secure$/)

    const taken = takeHandedDetails(request(`theme=dark; ${sentBack(set)}`), HOLD)
    expect(taken?.posted).toEqual(result)
    expect(taken?.clear).toMatch(/^palco_checkout_details=; Path=\/checkout; Max-Age=0/)

    // Another hold's page clears it and takes nothing; a page with no cookie has nothing to clear.
    expect(takeHandedDetails(request(sentBack(set)), OTHER)?.posted).toBeNull()
    expect(takeHandedDetails(request('theme=dark'), HOLD)).toBeNull()

    // Refused details travel back to /checkout the same way, with their problems.
    const refused = await readPostedDetails(posted({ 'contact.firstName': '' }))
    const back = takeHandedDetails(request(sentBack(handOverCookie(request(), HOLD, refused))), HOLD)
    expect(back?.posted).toEqual(refused)
    expect(back?.posted?.ok).toBe(false)
  })

  it('takes nothing from a cookie that is not one it wrote', () => {
    for (const value of ['%%%', Buffer.from('{"reservationId":1}').toString('base64url'), ''])
      expect(takeHandedDetails(request(`palco_checkout_details=${value}`), HOLD)?.posted).toBeNull()
    const forged = Buffer.from(
      JSON.stringify({ reservationId: HOLD, ok: true, details: { raw: { contact: {} }, parsed: {} } }),
    ).toString('base64url')
    expect(takeHandedDetails(request(`palco_checkout_details=${forged}`), HOLD)?.posted).toBeNull()
  })
})

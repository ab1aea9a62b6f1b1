import type { Site } from './sites'

/** A new fan's phone and identity document that each country's sign-up accepts, unique by the digits given. */
export const IDENTITY = {
  colombia: {
    phone: (d: string) => `304${d.slice(-7)}`,
    phonePrefix: '+57',
    document: { type: 'CC', number: (d: string) => `7${d.slice(-9)}` },
  },
  mexico: {
    phone: (d: string) => `56${d.slice(-8)}`,
    phonePrefix: '+52',
    document: { type: 'PP', number: (d: string) => `H${d.slice(-8)}` },
  },
} as const

/** What `signUpAndConfirm` needs for a new fan of the site's country. */
export function newFan(site: Site, person: { firstName: string; lastName: string; email: string }) {
  const words = IDENTITY[site.name]
  const digits = String(Date.now())
  return {
    ...person,
    phonePrefix: words.phonePrefix,
    phone: words.phone(digits),
    documentType: words.document.type,
    documentNumber: words.document.number(digits),
    gender: 'OTHER',
    birthDate: '1991-07-02',
  }
}

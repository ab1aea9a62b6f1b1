import type { EventDetail } from '@palco/domain/catalog/event-detail'
import { describe, expect, it } from 'vitest'
import { absoluteUrl, eventJsonLd, jsonLdText } from './event-json-ld'

const EVENT: EventDetail = {
  id: '0b5d3c1e-8a9f-4c2b-9d7e-1f2a3b4c5d6e',
  slug: 'santa-fe-vs-nacional',
  type: 'FOOTBALL',
  name: 'Santa Fe vs. Nacional',
  description: 'Fecha de liga.',
  imageUrl: '/images/demo/football.svg',
  currency: 'COP',
  startsAt: '2026-06-22T00:30:00.000Z',
  endsAt: '2026-06-22T02:30:00.000Z',
  onSaleAt: '2026-05-01T05:00:00.000Z',
  offSaleAt: '2026-06-22T00:30:00.000Z',
  visibility: 'ALL',
  pageCategory: 'HOME',
  installmentsEnabled: false,
  hasLayout: true,
  saleState: 'ON_SALE',
  onSale: true,
  notYetOnSale: false,
  expired: false,
  disabled: false,
  cancelled: false,
  soldOut: false,
  priceFrom: { amount: 4_500_000, currency: 'COP' },
  venue: {
    id: '1b5d3c1e-8a9f-4c2b-9d7e-1f2a3b4c5d6e',
    name: 'Estadio La Sabana',
    city: 'Bogotá',
    address: 'Carrera 30 # 57-60',
    timeZone: 'America/Bogota',
    stadiumCode: 'SAN',
  },
  category: null,
  sportOrganization: null,
  zones: [
    {
      id: '2b5d3c1e-8a9f-4c2b-9d7e-1f2a3b4c5d6e',
      name: 'Norte Popular',
      price: { amount: 4_500_000, currency: 'COP' },
      capacity: 100,
      available: 0,
      soldOut: true,
      perFanMax: 6,
      zoneType: 'GRANDSTAND',
      numbered: false,
      color: '#000',
      ageRule: null,
    },
    {
      id: '3b5d3c1e-8a9f-4c2b-9d7e-1f2a3b4c5d6e',
      name: 'Occidental',
      price: { amount: 16_000_050, currency: 'COP' },
      capacity: 100,
      available: 100,
      soldOut: false,
      perFanMax: 6,
      zoneType: 'GRANDSTAND',
      numbered: true,
      color: '#000',
      ageRule: null,
    },
  ],
  sponsorBanners: [],
  includedEvents: [],
  tour: null,
}

describe('eventJsonLd', () => {
  const ld = eventJsonLd(EVENT, { origin: 'https://palco.co', country: 'COL' })

  it('describes a sports event at a Place, in local time with its offset', () => {
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SportsEvent',
      name: EVENT.name,
      url: 'https://palco.co/events/santa-fe-vs-nacional',
      image: ['https://palco.co/images/demo/football.svg'],
      startDate: '2026-06-21T19:30:00-05:00',
      endDate: '2026-06-21T21:30:00-05:00',
      eventStatus: 'https://schema.org/EventScheduled',
      location: {
        '@type': 'Place',
        name: 'Estadio La Sabana',
        address: { addressLocality: 'Bogotá', addressCountry: 'CO', streetAddress: 'Carrera 30 # 57-60' },
      },
    })
  })

  it('offers each zone at its price in major units with its availability', () => {
    expect(ld.offers).toEqual([
      expect.objectContaining({
        price: 45_000,
        priceCurrency: 'COP',
        availability: 'https://schema.org/SoldOut',
      }),
      expect.objectContaining({
        price: 160_000.5,
        availability: 'https://schema.org/InStock',
        url: 'https://palco.co/checkout/stadium?event=santa-fe-vs-nacional',
      }),
    ])
  })

  it('says PreOrder before sales open', () => {
    const early = eventJsonLd(
      { ...EVENT, onSale: false, notYetOnSale: true, saleState: 'NOT_YET_ON_SALE' },
      { origin: 'https://palco.mx', country: 'MEX' },
    )
    expect(early.offers[1]?.availability).toBe('https://schema.org/PreOrder')
    expect(early.location.address.addressCountry).toBe('MX')
  })
})

describe('jsonLdText', () => {
  it('cannot close its script element', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script>' })
    expect(text).not.toContain('<')
    expect(JSON.parse(text).name).toBe('</script><script>alert(1)</script>')
  })
})

describe('absoluteUrl', () => {
  it.each([
    ['/images/a.svg', 'https://palco.co/images/a.svg'],
    ['https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
  ])('%s → %s', (input, expected) => {
    expect(absoluteUrl('https://palco.co', input)).toBe(expected)
  })
})

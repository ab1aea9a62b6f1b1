import { describe, expect, it } from 'vitest'
import {
  COUNTRY_SETTINGS,
  type Country,
  countryFromHost,
  countryOfLocale,
  countryShortOf,
  currencyOf,
  defaultTimeZoneOf,
  isCountry,
  languageOf,
  localeOf,
  phonePlaceholderOf,
  phonePrefixOf,
} from './country.js'

describe('countryFromHost (spec §1: Mexico suffix or a dev host means Mexico)', () => {
  it.each([
    ['localhost', 'COL'],
    ['localhost:3000', 'COL'],
    ['mx.localhost', 'MEX'],
    ['mx.localhost:3000', 'MEX'],
    ['MX.LOCALHOST:3000', 'MEX'],
    ['palco.com.mx', 'MEX'],
    ['www.palco.com.mx:443', 'MEX'],
    ['palco.mx', 'MEX'],
    ['PALCO.MX.', 'MEX'],
    ['palco.co', 'COL'],
    ['palco.com.co', 'COL'],
    ['evil.mx.example.com', 'COL'],
    ['palcomx', 'COL'],
    ['mx', 'COL'],
    ['.mx', 'COL'],
    ['sub.mx.localhost', 'COL'],
    ['palco.mx, proxy.internal', 'MEX'],
    ['proxy.internal, palco.mx', 'COL'],
    ['  palco.mx  ', 'MEX'],
    ['', 'COL'],
    ['   ', 'COL'],
    [undefined, 'COL'],
    [null, 'COL'],
    ['[::1]:3000', 'COL'],
    ['[::1]', 'COL'],
    ['::1', 'COL'],
    ['127.0.0.1:3000', 'COL'],
    ['[::1', 'COL'],
    ['pal co.mx', 'COL'],
    ['palco.mx/../x', 'COL'],
  ] as const)('%j → %s', (host, expected) => {
    expect(countryFromHost(host)).toBe(expected)
  })

  it.each([
    ['mexico.test', ['mexico.test'], 'MEX'],
    ['mexico.test:8080', ['MEXICO.TEST.'], 'MEX'],
    ['mx.localhost', [], 'COL'],
    ['other.test', ['mexico.test'], 'COL'],
    ['palco.mx', [], 'MEX'],
  ] as const)('%s with dev hosts %j → %s', (host, devHosts, expected) => {
    expect(countryFromHost(host, devHosts)).toBe(expected)
  })
})

describe('country settings (spec §1, §3, §5)', () => {
  it.each([
    ['COL', 'es-CO', 'co', 'COP', '+57', '300 2223344', 'America/Bogota'],
    ['MEX', 'en-US', 'mx', 'MXN', '+52', '55 1234 5678', 'America/Mexico_City'],
  ] as const)('%s', (country, locale, short, currency, prefix, placeholder, zone) => {
    expect(localeOf(country)).toBe(locale)
    expect(countryShortOf(country)).toBe(short)
    expect(currencyOf(country)).toBe(currency)
    expect(phonePrefixOf(country)).toBe(prefix)
    expect(phonePlaceholderOf(country)).toBe(placeholder)
    expect(defaultTimeZoneOf(country)).toBe(zone)
    expect(countryOfLocale(locale)).toBe(country)
    expect(COUNTRY_SETTINGS[country]).toMatchObject({ country, phoneLength: 10, phoneInputMaxLength: 40 })
  })

  it.each([
    ['es-CO', 'es'],
    ['en-US', 'en'],
  ] as const)('languageOf(%s) → %s', (locale, language) => {
    expect(languageOf(locale)).toBe(language)
  })

  it.each<[unknown, boolean]>([
    ['COL', true],
    ['MEX', true],
    ['col', false],
    ['USA', false],
    [undefined, false],
  ])('isCountry(%j) → %s', (value, expected) => {
    expect(isCountry(value)).toBe(expected)
    if (expected) expect(COUNTRY_SETTINGS[value as Country].country).toBe(value)
  })
})

import { describe, expect, it } from 'vitest'
import { isDynamicQrType, isEncryptedQrType, paperQrType, QR_TYPES, type QrType } from './qr.js'

describe('QR types (spec §4: dynamic are DYNAMIC_DEFAULT and DYNAMIC_ENCRYPTED)', () => {
  it.each<[QrType, boolean, boolean]>([
    ['STATIC_DEFAULT', false, false],
    ['STATIC_ENCRYPTED', false, true],
    ['DYNAMIC_DEFAULT', true, false],
    ['DYNAMIC_ENCRYPTED', true, true],
  ])('%s: dynamic %s, encrypted %s', (type, dynamic, encrypted) => {
    expect(isDynamicQrType(type)).toBe(dynamic)
    expect(isEncryptedQrType(type)).toBe(encrypted)
  })
})

describe('the code of a ticket printed on paper', () => {
  it.each(QR_TYPES)('%s prints a static code of the same strength', (type) => {
    const printed = paperQrType(type)
    expect(isDynamicQrType(printed)).toBe(false)
    expect(isEncryptedQrType(printed)).toBe(isEncryptedQrType(type))
  })
})

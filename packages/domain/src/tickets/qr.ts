import { z } from 'zod'

// Spec §3 and §4.
export const QR_TYPES = [
  'STATIC_DEFAULT',
  'STATIC_ENCRYPTED',
  'DYNAMIC_DEFAULT',
  'DYNAMIC_ENCRYPTED',
] as const
export type QrType = (typeof QR_TYPES)[number]
export const qrTypeSchema = /* @__PURE__ */ z.enum(QR_TYPES)

// Dynamic codes rotate over time (a screenshot stops working); encrypted ones are signed so they cannot be
// forged from a ticket id.
export const DYNAMIC_QR_TYPES = ['DYNAMIC_DEFAULT', 'DYNAMIC_ENCRYPTED'] as const satisfies readonly QrType[]
export const ENCRYPTED_QR_TYPES = [
  'STATIC_ENCRYPTED',
  'DYNAMIC_ENCRYPTED',
] as const satisfies readonly QrType[]

export const isDynamicQrType = (type: QrType): boolean =>
  (DYNAMIC_QR_TYPES as readonly QrType[]).includes(type)
export const isEncryptedQrType = (type: QrType): boolean =>
  (ENCRYPTED_QR_TYPES as readonly QrType[]).includes(type)

/**
 * The code a ticket printed on paper carries (a box-office sale, issue 15): a dynamic code cannot rotate on
 * paper, so it gets the static code of the same strength — a signed code stays signed.
 */
export function paperQrType(type: QrType): QrType {
  if (type === 'DYNAMIC_ENCRYPTED') return 'STATIC_ENCRYPTED'
  if (type === 'DYNAMIC_DEFAULT') return 'STATIC_DEFAULT'
  return type
}

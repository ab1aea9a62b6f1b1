import { z } from 'zod'
import type { PaymentMethod } from './vocabulary.js'

// Spec §4. Allowed transitions are not in the spec; they belong with the services that change these.
export const RESERVATION_STATUSES = [
  'BOOKED',
  'ACTIVE',
  'FINISHED_WITH_FAILURE',
  'STARTED_PAYMENT',
  'WAITING_FOR_PAYMENT',
  'FINISHED',
  'EXPIRED',
  'CANCELLED',
  'BOOKED_FOREVER',
  'CANCELLED_DUE_TO_PAYMENT_FAILURE',
] as const
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number]
export const reservationStatusSchema = /* @__PURE__ */ z.enum(RESERVATION_STATUSES)

export const TRANSACTION_STATUSES = ['COMPLETED', 'PENDING', 'DECLINED'] as const
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number]
export const transactionStatusSchema = /* @__PURE__ */ z.enum(TRANSACTION_STATUSES)

export const CHECKOUT_RESULTS = [
  'SUCCESSFUL',
  'FAIL',
  'PENDING_PAYMENT',
  'PENDING_TRANSFER',
  'PENDING_CLUB',
  'PENDING_CASH_MP',
  'PENDING_TRANSFER_SPEI',
  'PENDING_CARD',
] as const
export type CheckoutResult = (typeof CHECKOUT_RESULTS)[number]
export const checkoutResultSchema = /* @__PURE__ */ z.enum(CHECKOUT_RESULTS)

export const PAYMENT_RECORD_STATUSES = [
  'PAID',
  'CREATED',
  'CANCELLED',
  'REFUNDED',
  'PENDING',
  'REJECTED',
] as const
export type PaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number]
export const paymentRecordStatusSchema = /* @__PURE__ */ z.enum(PAYMENT_RECORD_STATUSES)

// Spec §4 spells this set's cancellation CANCELED, unlike the others' CANCELLED; kept as written.
export const ORDER_STATUSES = [
  'PAID',
  'CANCELED',
  'EXPIRED',
  'PENDING',
  'PENDING_CASH_PAYMENT',
  'PROCESSING_TRANSFER',
  'TRANSFERRED',
  'REFUNDED',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
export const orderStatusSchema = /* @__PURE__ */ z.enum(ORDER_STATUSES)

export const PURCHASE_STATUSES = [
  'STARTED',
  'COMPLETED',
  'EXPIRED',
  'PENDING_CASH_PAYMENT',
  'PENDING',
  'PROCESSING_TRANSFER',
  'DECLINED',
] as const
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number]
export const purchaseStatusSchema = /* @__PURE__ */ z.enum(PURCHASE_STATUSES)

export const INSTALLMENT_STATUSES = ['PAID', 'PENDING', 'PENDING_ONE_TIME'] as const
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number]
export const installmentStatusSchema = /* @__PURE__ */ z.enum(INSTALLMENT_STATUSES)

export const OTHER_PAYMENT_STATUSES = [
  'CREATED',
  'PENDING',
  'PAID',
  'CANCELLED',
  'REFUNDED',
  'REJECTED',
  'EXPIRED',
] as const
export type OtherPaymentStatus = (typeof OTHER_PAYMENT_STATUSES)[number]
export const otherPaymentStatusSchema = /* @__PURE__ */ z.enum(OTHER_PAYMENT_STATUSES)

export const PENDING_PAYMENT_RESULTS = ['PENDING_TRANSFER', 'FAIL', 'SUCCESS', 'PENDING_CASH'] as const
export type PendingPaymentResult = (typeof PENDING_PAYMENT_RESULTS)[number]
export const pendingPaymentResultSchema = /* @__PURE__ */ z.enum(PENDING_PAYMENT_RESULTS)

export const PENDING_PAY_TYPES = ['TRANSFER', 'CASH'] as const
export type PendingPayType = (typeof PENDING_PAY_TYPES)[number]
export const pendingPayTypeSchema = /* @__PURE__ */ z.enum(PENDING_PAY_TYPES)

// Spec §4: "order failure" is exactly these two; CANCELLED_DUE_TO_PAYMENT_FAILURE and EXPIRED are not.
export const ORDER_FAILURE_STATUSES = [
  'CANCELLED',
  'FINISHED_WITH_FAILURE',
] as const satisfies readonly ReservationStatus[]

export const isOrderFailure = (status: ReservationStatus): boolean =>
  (ORDER_FAILURE_STATUSES as readonly ReservationStatus[]).includes(status)

// Spec §4 singles out a started transfer without saying how; we treat it as pending: the fan has left for
// the bank and the result page must wait for confirmation rather than report a failure or offer to pay again.
export const isStartedTransferPayment = (status: ReservationStatus, method: PaymentMethod): boolean =>
  status === 'STARTED_PAYMENT' && method === 'TRANSFER'

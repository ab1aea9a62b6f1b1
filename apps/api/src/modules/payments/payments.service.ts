/**
 * The payments module as checkout uses it (issue 14 part 3): the payment rows of an order and the card tokens
 * they spend. The SQL is in payments.repository.ts; no other module imports that file.
 */

export type {
  HostedData,
  PaymentSettlement,
  PaymentsDeps,
  ProviderOutcome,
  TransferData,
  VoucherData,
} from './payment-outcome.js'
export {
  consumeCardToken,
  findPayment,
  insertPayment,
  latestPaymentOf,
  lockPayment,
  lockPaymentOfOrder,
  movePayment,
  type PaymentAt,
  type PaymentDetails,
  paymentsOfOrder,
  requestRefund,
  setPaymentDetails,
} from './payments.repository.js'

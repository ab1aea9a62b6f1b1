import { Text, TextInput } from '@mantine/core'
import type { CounterPlanBody } from '@palco/domain/box-office/contract'
import type { CounterTenderEntry } from '@palco/domain/box-office/tenders'
import type { Cart, InstallmentQuote } from '@palco/domain/checkout/contract'
import { formatMoney } from '@palco/domain/format/format'
import type { Locale, PhonePrefix } from '@palco/domain/locale/country'
import type { DocumentType } from '@palco/domain/people/vocabulary'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { TitledSection } from '../../../components/ui/titled-section'
import { type ApiError, asApiError } from '../../../lib/api-client'
import { sellOnPlan } from '../api/box-office'
import { BuyerChoice, type ChosenBuyer } from './buyer-picker'
import { DocumentFields } from './document-fields'
import { planTendersOf, TenderForm } from './tender-form'

interface DepositProps {
  cart: Cart
  schedule: NonNullable<InstallmentQuote['schedule']>
  reservationId: string
  locale: Locale
  phonePrefix: PhonePrefix
  disabled: boolean
}

/**
 * The counter's part of selling a hold on its event's paguitos plan (issues 15 and 16): the buyer (a fan with
 * an email: the plan's reminders reach them), the payer of the later online payments with their document,
 * and the deposit taken in tenders; the plan's page then says the change to give back.
 */
export function PlanDepositForm(props: DepositProps) {
  const { t } = useTranslation(['boxoffice', 'errors'])
  const { cart, schedule, locale } = props
  const deposit = usePlanDeposit(props)
  const { tried, buyer } = deposit
  return (
    <>
      <TitledSection titleSize="h4" title={t('buyer.title')}>
        <Text size="sm">{t('plan.buyerLead')}</Text>
        <BuyerChoice
          phonePrefix={props.phonePrefix}
          buyer={buyer}
          onBuyer={deposit.setBuyer}
          missing={tried && !buyer}
        />
        <TextInput
          label={t('payLater.payerName')}
          description={t('payLater.payerNameHint')}
          value={deposit.payerName}
          onChange={(e) => deposit.setPayerName(e.currentTarget.value)}
          maxLength={120}
          autoComplete="off"
          error={tried && deposit.name.length < 2 ? t('errors:fields.required') : undefined}
        />
        <DocumentFields
          documentType={deposit.documentType}
          documentNumber={deposit.documentNumber}
          onType={deposit.setDocumentType}
          onNumber={deposit.setDocumentNumber}
          typeMissing={tried && !deposit.documentType}
          numberInvalid={tried && !deposit.documentOk}
        />
      </TitledSection>
      <TitledSection
        titleSize="h4"
        title={t('plan.depositTitle', {
          amount: formatMoney({ amount: schedule.deposit, currency: cart.currency }, locale),
        })}
      >
        <TenderForm
          total={schedule.deposit}
          currency={cart.currency}
          locale={locale}
          busy={deposit.busy}
          disabled={props.disabled}
          onSubmit={(tenders) => void deposit.take(tenders)}
        />
        <ApiErrorAlert error={deposit.failed} />
      </TitledSection>
    </>
  )
}

/** The sale's fields, one idempotency key per visit, and taking the deposit once they are complete. */
function usePlanDeposit({ cart, schedule, reservationId }: DepositProps) {
  const navigate = useNavigate()
  const [buyer, setBuyer] = useState<ChosenBuyer | null>(null)
  const [payerName, setPayerName] = useState('')
  const [documentType, setDocumentType] = useState<DocumentType | ''>('')
  const [documentNumber, setDocumentNumber] = useState('')
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState<ApiError | null>(null)
  // One key per visit: a double tap on "take the deposit" answers the same sale.
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const name = (payerName || buyer?.label || '').trim()
  const documentOk = /^[A-Za-z0-9-]{3,20}$/.test(documentNumber.trim())
  const take = async (tenders: CounterTenderEntry[]) => {
    setTried(true)
    if (!buyer || !documentType || !documentOk || name.length < 2) return
    setBusy(true)
    setFailed(null)
    const body: CounterPlanBody = {
      reservationId,
      buyer: buyer.buyer,
      billing: { fullName: name, documentType, documentNumber: documentNumber.trim() },
      tenders: planTendersOf(tenders),
      expectedTotal: cart.total,
      expectedDeposit: schedule.deposit,
      currency: cart.currency,
      idempotencyKey,
    }
    try {
      const sold = await sellOnPlan(body)
      navigate(`/assistant/installment?order=${sold.orderId}&change=${sold.change}`)
    } catch (err) {
      setFailed(asApiError(err))
      setBusy(false)
    }
  }
  return {
    buyer,
    setBuyer,
    payerName,
    setPayerName,
    name,
    documentType,
    setDocumentType,
    documentNumber,
    setDocumentNumber,
    documentOk,
    tried,
    busy,
    failed,
    take,
  }
}

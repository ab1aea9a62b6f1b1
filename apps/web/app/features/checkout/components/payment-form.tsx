import { Alert, Button, Checkbox, NativeSelect, Paper, Radio, Stack, Text, Title } from '@mantine/core'
import type { Cart, CashNetwork, CheckoutMethod, TransferKind } from '@palco/domain/checkout/contract'
import { type PresaleNotice, presaleRefusal } from '@palco/domain/checkout/presale-match'
import { formatMoney } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import type { BrowserPaymentConfig } from '@palco/domain/web/server-context'
import { lazy, type ReactNode, Suspense, useId, useLayoutEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { FormLoadError } from '../../../components/ui/form-load-error'
import { ApiError } from '../../../lib/api-client'
import { lazyResolver } from '../../../lib/forms/lazy-resolver'
import { type TokenizeErrorCode, tokenizeCard } from '../api/tokenize-card'
import type { CardDetails, CardFormInput } from '../model/checkout-forms'
import { offeredMethods, type PayRequest, paymentSplit } from '../model/payment-split'
import { PSE_BANKS } from '../model/pse-banks'
import { CardFields } from './card-fields'
import classes from './payment-form.module.css'

// Shown only once a card number is typed, so its code (and the providers' plan lookups) load then, not with
// the page (DESIGN §8: a route's own JavaScript ≤ 40 KB).
const CardInstallmentsField = lazy(() =>
  import('./card-installments-field').then((m) => ({ default: m.CardInstallmentsField })),
)

const cardResolver = lazyResolver<CardFormInput, CardDetails>(() =>
  import('../model/checkout-form-schemas').then((m) => m.cardResolver),
)

const CARD_FIELD_MESSAGE: Readonly<Record<string, string>> = {
  number: 'card.invalidNumber',
  expiry: 'card.expired',
  cvv: 'card.invalidCvv',
  holderName: 'required',
}

/**
 * What the form charges and how: the cart's own figures at `/checkout/buy`; a paguitos deposit or installment
 * (issue 16) passes its amount as `total` and the methods that may pay it.
 */
export type PaymentFigures = Pick<
  Cart,
  'currency' | 'total' | 'walletBalance' | 'methods' | 'cashNetworks' | 'transferKinds' | 'presale'
>

/**
 * The payment form (spec §2: tracked as the payment form): the methods the cart offers for the country,
 * each with what it needs (card details, a cash network, a transfer and its bank), and the wallet, which
 * pays everything when its balance covers the total or a part next to another method.
 */
export function PaymentForm(props: {
  cart: PaymentFigures
  locale: Locale
  /** The provider that pays for the cart's country, whose tokenizer takes the card. */
  provider: BrowserPaymentConfig
  /** The billing document, which some providers' card tokens carry. */
  holderId?: { documentType: string; documentNumber: string }
  submitting: boolean
  disabled?: boolean
  error?: ReactNode
  onPay: (request: PayRequest) => void
  /** Above the methods, inside the form (a paguitos payment's choice of what to pay). */
  lead?: ReactNode
  /** The section's heading (default "Payment method"). */
  title?: string
  /** The pay button's words for the amount (default "Pay {{amount}}"). */
  submitLabel?: (amount: string) => string
  /** Whether the wallet may pay part next to another method (default true; a paguitos payment is whole). */
  walletShare?: boolean
  /** Whether the card's bank may split the charge into monthly parts (default true). */
  cardInstallments?: boolean
  /**
   * A paguitos deposit where the provider keeps cards (issue 16): a box to save the card, so each installment
   * is charged on it when due (`saveCard` of the request). Default false.
   */
  offerSaveCard?: boolean
}) {
  const { t } = useTranslation(['checkout', 'errors'])
  const titleId = useId()
  const { cart, locale } = props
  const money = (amount: number) => formatMoney({ amount, currency: cart.currency }, locale)
  const methods = offeredMethods(cart.methods, cart.total, cart.walletBalance)
  const [chosen, setMethod] = useState<CheckoutMethod | ''>(methods[0] ?? '')
  // A choice the amount no longer allows (the wallet, once the amount passes the balance) falls back.
  const method = chosen && methods.includes(chosen) ? chosen : (methods[0] ?? '')
  const [network, setNetwork] = useState<CashNetwork | ''>(cart.cashNetworks[0] ?? '')
  const [transferKind] = useState<TransferKind | ''>(cart.transferKinds[0] ?? '')
  const [bank, setBank] = useState('')
  const [bankError, setBankError] = useState(false)
  const [useWallet, setUseWallet] = useState(false)
  const [tokenizing, setTokenizing] = useState(false)
  const [tokenError, setTokenError] = useState<TokenizeErrorCode | null>(null)
  // The sponsor of a presale the tokenized card is outside of, as the provider's answer read (issue 42).
  const [presaleRefused, setPresaleRefused] = useState<string | null>(null)
  const [installments, setInstallments] = useState(1)
  const [saveCard, setSaveCard] = useState(false)
  const cardForm = useForm<CardFormInput, unknown, CardDetails>({
    resolver: cardResolver,
    defaultValues: { number: '', expiry: '', cvv: '', holderName: '' },
  })
  // The hosted page charges one amount, so the wallet cannot share it.
  const partialWallet =
    props.walletShare !== false &&
    cart.methods.includes('WALLET') &&
    cart.walletBalance > 0 &&
    cart.walletBalance < cart.total &&
    method !== 'WALLET' &&
    method !== 'LINK'
  const split = paymentSplit(
    cart.total,
    cart.walletBalance,
    method === 'WALLET' || (partialWallet && useWallet),
  )
  const locked = props.submitting || props.disabled || tokenizing
  // A method tapped before the script ran was ticked by the browser (the early-tap script lets these radios
  // through, lib/early-tap.ts): the form takes that tick as its choice when it hydrates. React keeps a
  // hydrated input's tick but does not report it as a change.
  const formRef = useRef<HTMLFormElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useLayoutEffect(() => {
    const ticked = formRef.current?.querySelector<HTMLInputElement>('input[name="method"]:checked')?.value
    if (ticked && ticked !== chosen && (methods as string[]).includes(ticked))
      setMethod(ticked as CheckoutMethod)
  }, [])

  // A free tier or a full discount: nothing to pay, so no method and no card — only a confirmation (issue 13).
  if (cart.total === 0)
    return (
      <Paper component="section" withBorder radius="md" p="md" aria-labelledby={titleId}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            if (!locked) props.onPay({ draft: { method: 'FREE' }, useWallet: false })
          }}
          data-form="payment"
          data-testid="payment-form"
        >
          <Stack gap="md">
            <Title order={2} size="h4" id={titleId}>
              {t('checkout:pay.freeTitle')}
            </Title>
            <Text size="sm">{t('checkout:pay.freeBody')}</Text>
            {props.error}
            <Button
              type="submit"
              size="md"
              loading={props.submitting}
              disabled={locked}
              data-testid="pay-button"
            >
              {t('checkout:pay.confirmFree')}
            </Button>
          </Stack>
        </form>
      </Paper>
    )

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (locked || !method) return
    const wallet = partialWallet && useWallet
    if (method === 'CARD') {
      void cardForm.handleSubmit(async (card) => {
        // Tokenized here, in the browser: only the token leaves this page.
        setTokenError(null)
        setPresaleRefused(null)
        setTokenizing(true)
        const token = await tokenizeCard(card, {
          provider: props.provider,
          amount: { amount: split.remainder, currency: cart.currency },
          ...(props.holderId ? { holderId: props.holderId } : {}),
        }).finally(() => setTokenizing(false))
        if (token.ok) {
          const { ok: _ok, token: cardToken, card: facts, ...found } = token
          // A presale's card checked on what the provider answered; the server asks it again and decides.
          const outside = cart.presale && facts ? presaleRefusal(cart.presale.rules, facts) : null
          if (outside) return setPresaleRefused(outside.rule.sponsor)
          props.onPay({
            draft: { method: 'CARD', cardToken, installments, ...found },
            useWallet: wallet,
            ...(props.offerSaveCard && saveCard ? { saveCard: true } : {}),
          })
        } else if ('field' in token)
          cardForm.setError(
            token.field,
            { type: 'provider', message: CARD_FIELD_MESSAGE[token.field] ?? 'card.invalidNumber' },
            { shouldFocus: true },
          )
        else setTokenError(token.code)
      })()
      return
    }
    if (method === 'LINK') props.onPay({ draft: { method }, useWallet: false })
    if (method === 'CASH' && network) props.onPay({ draft: { method, network }, useWallet: wallet })
    if (method === 'TRANSFER' && transferKind) {
      if (transferKind === 'PSE' && !bank) {
        setBankError(true)
        return
      }
      props.onPay({
        draft: { method, kind: transferKind, ...(transferKind === 'PSE' ? { bank } : {}) },
        useWallet: wallet,
      })
    }
    if (method === 'WALLET') props.onPay({ draft: { method }, useWallet: true })
  }

  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={titleId}>
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        onFocus={cardResolver.preload}
        className={classes.form}
        data-form="payment"
        data-testid="payment-form"
      >
        <Stack gap="md">
          <Title order={2} size="h4" id={titleId}>
            {props.title ?? t('checkout:pay.title')}
          </Title>
          {props.lead}
          {cart.presale && <PresaleBanner presale={cart.presale} locale={locale} />}
          <Radio.Group
            value={method}
            onChange={(v) => setMethod(v as CheckoutMethod)}
            label={t('checkout:pay.methodLabel')}
            name="method"
          >
            <Stack gap="xs" mt="xs">
              {methods.map((m) => (
                <Radio
                  key={m}
                  value={m}
                  disabled={locked}
                  data-testid={`method-${m}`}
                  data-early-tick
                  label={
                    m === 'WALLET'
                      ? t('checkout:methods.WALLET_balance', { balance: money(cart.walletBalance) })
                      : t(`checkout:methods.${m}`)
                  }
                  description={t(`checkout:methods.${m}_hint`)}
                />
              ))}
            </Stack>
          </Radio.Group>

          {method === 'CARD' && (
            <Stack gap="md" className={classes.cardOnly}>
              <CardFields form={cardForm} disabled={locked} />
              {props.cardInstallments !== false && (
                <Suspense fallback={null}>
                  <CardInstallmentsField
                    cardNumber={cardForm.watch('number')}
                    money={{ amount: split.remainder, currency: cart.currency }}
                    locale={locale}
                    provider={props.provider}
                    value={installments}
                    disabled={locked}
                    onChange={setInstallments}
                  />
                </Suspense>
              )}

              {props.offerSaveCard && (
                <Checkbox
                  checked={saveCard}
                  onChange={(e) => setSaveCard(e.currentTarget.checked)}
                  disabled={locked}
                  label={t('checkout:pay.saveCard')}
                  description={t('checkout:pay.saveCardHint')}
                  data-testid="save-card"
                />
              )}
            </Stack>
          )}

          {method === 'CASH' && (
            <Radio.Group
              value={network}
              onChange={(v) => setNetwork(v as CashNetwork)}
              label={t('checkout:pay.networkLabel')}
              name="network"
            >
              <Stack gap="xs" mt="xs">
                {cart.cashNetworks.map((n) => (
                  <Radio
                    key={n}
                    value={n}
                    disabled={locked}
                    label={t(`checkout:networks.${n}`)}
                    data-testid={`network-${n}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}

          {method === 'TRANSFER' && transferKind === 'SPEI' && (
            <Text size="sm">{t('checkout:pay.speiHint')}</Text>
          )}
          {method === 'TRANSFER' && transferKind === 'PSE' && (
            <NativeSelect
              label={t('checkout:pay.bankLabel')}
              description={t('checkout:pay.pseHint')}
              value={bank}
              onChange={(e) => {
                setBank(e.currentTarget.value)
                setBankError(false)
              }}
              error={bankError ? t('errors:fields.required') : undefined}
              disabled={locked}
              data={[
                { value: '', label: t('checkout:pay.chooseBank'), disabled: true },
                ...PSE_BANKS.map((b) => ({ value: b.code, label: b.name })),
              ]}
              data-testid="pse-bank"
            />
          )}

          {partialWallet && (
            <Checkbox
              checked={useWallet}
              onChange={(e) => setUseWallet(e.currentTarget.checked)}
              disabled={locked}
              label={t('checkout:pay.useWallet', { balance: money(cart.walletBalance) })}
              description={
                useWallet
                  ? t('checkout:pay.walletSplit', {
                      wallet: money(split.walletAmount),
                      rest: money(split.remainder),
                    })
                  : undefined
              }
              data-testid="use-wallet"
            />
          )}

          {tokenError && method === 'CARD' && <ApiErrorAlert error={new ApiError(tokenError, 0)} />}
          {presaleRefused && method === 'CARD' && (
            <ApiErrorAlert
              error={new ApiError('PRESALE_CARD_REFUSED', 0)}
              values={{ sponsor: presaleRefused }}
            />
          )}
          {props.error}
          <FormLoadError error={cardForm.formState.errors.root} />

          {methods.length === 0 ? (
            <Alert color="orange">{t('checkout:pay.noMethods')}</Alert>
          ) : (
            <Button
              type="submit"
              size="md"
              loading={props.submitting || tokenizing}
              disabled={locked || !method}
              data-testid="pay-button"
              // A long amount and its words wrap on a narrow screen instead of being cut.
              styles={{
                root: { height: 'auto', minHeight: 42 },
                label: { whiteSpace: 'normal', paddingBlock: 6 },
              }}
            >
              {method === 'LINK'
                ? t('checkout:pay.submitHosted', { amount: money(cart.total) })
                : (props.submitLabel ?? ((amount) => t('checkout:pay.submit', { amount })))(
                    money(method === 'WALLET' ? cart.total : split.remainder),
                  )}
            </Button>
          )}
          {method === 'CARD' && (
            <Text size="xs" c="dimmed" className={classes.cardOnly}>
              {t('checkout:pay.secure')}
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  )
}

/**
 * A bank-card presale tier in the cart (issue 42 part 2): whose presale it is and which of its cards pay, so
 * the fan reaches for the right card before typing it. The server judges the card the provider describes.
 */
function PresaleBanner(props: { presale: PresaleNotice; locale: Locale }) {
  const { t } = useTranslation('checkout')
  const types = new Intl.ListFormat(props.locale, { type: 'disjunction' }).format(
    props.presale.cardTypes.map((type) => t(`presale.types.${type}`)),
  )
  return (
    <Alert
      color="blue"
      variant="light"
      title={t('presale.title', { sponsor: props.presale.sponsor })}
      data-testid="presale-notice"
    >
      {t('presale.body', { sponsor: props.presale.sponsor, types })}
    </Alert>
  )
}

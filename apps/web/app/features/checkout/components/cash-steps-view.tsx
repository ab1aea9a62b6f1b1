import { Button, Group, List, Stack, Stepper, Text } from '@mantine/core'
import { type CashCheckoutStep, cashCheckoutSteps } from '@palco/domain/checkout/cash-steps'
import type { OrderView } from '@palco/domain/checkout/contract'
import { formatDate, formatMoney, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import type { CashPaymentProvider } from '@palco/domain/orders/vocabulary'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SpeiDetails } from './spei-details'
import { VoucherDetails } from './voucher-details'

/**
 * The cash checkout steps of spec §2 for the voucher's provider: Palco 2 (method, voucher), SPEI 3 with
 * its own second step (the CLABE transfer), any other provider 3 (method, the store's instructions,
 * voucher). The method was chosen on the payment page, so the fan lands on the step after it.
 */
export function CashStepsView(props: { order: OrderView; provider: CashPaymentProvider; locale: Locale }) {
  const { t } = useTranslation('checkout')
  const { order, provider, locale } = props
  const steps = cashCheckoutSteps(provider)
  const [active, setActive] = useState(Math.min(1, steps.length - 1))
  const tz = order.event.timeZone
  const network = order.voucher?.network
  const networkName = network ? t(`networks.${network}`) : t('methods.TRANSFER')
  const deadline = order.voucher?.expiresAt ?? order.transfer?.expiresAt ?? null
  const amount = formatMoney(
    { amount: order.voucher?.amount ?? order.transfer?.amount ?? order.total, currency: order.currency },
    locale,
  )

  const content = (step: CashCheckoutStep) => {
    switch (step) {
      case 'method':
        return <Text size="sm">{t('cash.methodChosen', { method: networkName })}</Text>
      case 'instructions':
        return (
          <List type="ordered" spacing="xs" size="sm" data-testid="cash-instructions">
            <List.Item>{t('cash.instructions.go', { network: networkName })}</List.Item>
            <List.Item>{t('cash.instructions.say')}</List.Item>
            <List.Item>
              {t('cash.instructions.pay', {
                amount,
                date: deadline ? formatDate(deadline, locale, tz) : '',
                time: deadline ? formatTime(deadline, locale, tz) : '',
              })}
            </List.Item>
            <List.Item>{t('cash.instructions.keep')}</List.Item>
          </List>
        )
      case 'spei-transfer':
        return order.transfer ? (
          <SpeiDetails transfer={order.transfer} order={order} locale={locale} />
        ) : (
          <Text size="sm">{t('cash.noDetails')}</Text>
        )
      case 'voucher':
        if (order.voucher) return <VoucherDetails voucher={order.voucher} order={order} locale={locale} />
        if (order.transfer)
          return (
            <Stack gap="xs">
              <Text size="sm">{t('cash.speiKeep')}</Text>
              <Text fw={700} ff="monospace" data-testid="voucher-reference">
                {order.transfer.reference}
              </Text>
            </Stack>
          )
        return <Text size="sm">{t('cash.noDetails')}</Text>
    }
  }

  const last = active === steps.length - 1
  return (
    <Stack gap="md">
      <Stepper
        active={active}
        onStepClick={setActive}
        allowNextStepsSelect={false}
        orientation="vertical"
        size="sm"
        data-testid="cash-steps"
      >
        {steps.map((step) => (
          <Stepper.Step key={step} label={t(`cash.steps.${step}`)}>
            <Stack gap="md" mt="xs">
              {content(step)}
            </Stack>
          </Stepper.Step>
        ))}
      </Stepper>
      <Group gap="sm">
        {active > 1 && (
          <Button variant="default" onClick={() => setActive((a) => a - 1)}>
            {t('cash.back')}
          </Button>
        )}
        {!last ? (
          <Button onClick={() => setActive((a) => a + 1)} data-testid="cash-next">
            {t('cash.next')}
          </Button>
        ) : (
          <Button variant="light" onClick={() => window.print()}>
            {t('cash.print')}
          </Button>
        )}
      </Group>
    </Stack>
  )
}

import { Button, Group } from '@mantine/core'
import type { CounterSale } from '@palco/domain/box-office/contract'
import { formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { salePath } from '../api/box-office'
import { SCREEN_ONLY } from './screen-only'

/**
 * What the counter does from a sale's receipt (issue 15): print it and its tickets (A4 or thermal), open the
 * payment instructions of a sale paid later, go on to the next sale, or void this one while its time runs.
 */
export function ReceiptActions(props: {
  sale: CounterSale
  locale: Locale
  busy: boolean
  onVoid: () => void
}) {
  const { t } = useTranslation('boxoffice')
  const { sale } = props
  const voided = sale.status === 'REFUNDED'
  const tickets = `${salePath(sale.orderId)}/tickets.pdf`
  return (
    <Group className={SCREEN_ONLY} wrap="wrap">
      <Button onClick={() => window.print()} variant="default">
        {t('receipt.print')}
      </Button>
      {!voided && sale.tickets.length > 0 && (
        <Button
          component="a"
          href={tickets}
          target="_blank"
          rel="noopener"
          variant="default"
          data-testid="print-tickets"
        >
          {t('receipt.printTickets', { count: sale.tickets.length })}
        </Button>
      )}
      {!voided && sale.tickets.length > 0 && (
        <Button
          component="a"
          href={`${tickets}?layout=thermal`}
          target="_blank"
          rel="noopener"
          variant="default"
          data-testid="print-tickets-thermal"
        >
          {t('receipt.printThermal')}
        </Button>
      )}
      {sale.payLater && sale.payLater.method !== 'LINK' && sale.status.startsWith('PENDING') && (
        <Button
          component={Link}
          to={`/assistant/${sale.payLater.method === 'TRANSFER' ? 'transfer' : 'cash'}?order=${sale.orderId}`}
          variant="default"
        >
          {t('receipt.instructions')}
        </Button>
      )}
      <Button component={Link} to="/assistant">
        {t('receipt.nextSale')}
      </Button>
      {sale.voidableUntil && !voided && (
        <Button
          color="red"
          variant="light"
          onClick={props.onVoid}
          loading={props.busy}
          data-testid="void-sale"
        >
          {t('receipt.void', { time: formatTime(sale.voidableUntil, props.locale) })}
        </Button>
      )}
    </Group>
  )
}

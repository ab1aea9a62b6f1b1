import { Button, Group } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/**
 * What the counter does from a page it shares with fans (the voucher or transfer a fan pays later): print it
 * where the page has no print of its own, open the sale's receipt, and go on to the next sale while the
 * payment is awaited.
 */
export function CounterPageActions(props: { orderId: string; print: boolean }) {
  const { t } = useTranslation('boxoffice')
  return (
    <Group wrap="wrap" data-testid="counter-actions">
      {props.print && (
        <Button onClick={() => window.print()} variant="default">
          {t('payLater.print')}
        </Button>
      )}
      <Button component={Link} to={`/assistant/successful_purchase?sale=${props.orderId}`} variant="default">
        {t('payLater.receipt')}
      </Button>
      <Button component={Link} to="/assistant">
        {t('receipt.nextSale')}
      </Button>
    </Group>
  )
}

import { useTranslation } from 'react-i18next'
import { MessagePage } from '../../components/ui/message-page'

/** Where a cancelled event's page leads (issue 16 part 5): its fans learn that their money is coming back. */
export default function CancelledEvent() {
  const { t } = useTranslation()
  return (
    <MessagePage
      title={t('cancelledEvent.title')}
      body={t('cancelledEvent.body')}
      actions={[
        { to: '/my-purchases', label: t('cancelledEvent.purchases') },
        { to: '/', label: t('actions.seeWhatsOn'), variant: 'default' },
      ]}
    />
  )
}

import { useTranslation } from 'react-i18next'
import { MessagePage } from '../../components/ui/message-page'

export default function ExpiredEvent() {
  const { t } = useTranslation()
  return (
    <MessagePage
      title={t('expiredEvent.title')}
      body={t('expiredEvent.body')}
      actions={[{ to: '/', label: t('actions.seeWhatsOn') }]}
    />
  )
}

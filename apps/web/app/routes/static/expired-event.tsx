import { useTranslation } from 'react-i18next'
import { MessagePage } from '../../features/content/components/message-page'

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

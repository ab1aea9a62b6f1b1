import { useTranslation } from 'react-i18next'
import { MessagePage } from '../../components/ui/message-page'

export default function DisabledEvent() {
  const { t } = useTranslation()
  return (
    <MessagePage
      title={t('disabledEvent.title')}
      body={t('disabledEvent.body')}
      actions={[
        { to: '/', label: t('actions.seeWhatsOn') },
        { to: '/faqs', label: t('nav.faqs'), variant: 'default' },
      ]}
    />
  )
}

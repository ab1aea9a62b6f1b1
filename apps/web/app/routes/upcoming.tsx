import { useTranslation } from 'react-i18next'
import { MessagePage } from '../components/ui/message-page'

/** Routes of spec §2 whose feature is not open yet say so plainly and stay out of search engines. */
export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export default function Upcoming() {
  const { t } = useTranslation()
  return (
    <MessagePage
      title={t('upcoming.title')}
      body={t('upcoming.body')}
      actions={[
        { to: '/', label: t('actions.seeWhatsOn') },
        { to: '/faqs', label: t('nav.faqs'), variant: 'default' },
      ]}
    />
  )
}

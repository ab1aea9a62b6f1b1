import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import { MessagePage } from '../../features/content/components/message-page'

export function headers() {
  return { 'cache-control': 'no-store' }
}

export function loader() {
  return data(null, { status: 403 })
}

export default function Forbidden() {
  const { t } = useTranslation()
  return (
    <MessagePage
      title={t('forbidden.title')}
      body={t('forbidden.body')}
      actions={[
        { to: '/', label: t('actions.goHome') },
        { to: '/authorization/login', label: t('forbidden.switchAccount'), variant: 'default' },
      ]}
    />
  )
}

import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import { MessagePage } from '../../components/ui/message-page'

export function loader() {
  return data(null, { status: 404 })
}

export default function NotFound() {
  const { t } = useTranslation()
  return (
    <MessagePage
      title={t('notFound.title')}
      body={t('notFound.body')}
      actions={[{ to: '/', label: t('actions.goHome') }]}
    />
  )
}

import { useTranslation } from 'react-i18next'
import { backOfficeNav } from '../components/layout/back-office-nav'
import { PageShell } from '../components/layout/page-shell'
import { useRootData } from '../root'

/**
 * The back office's own frame (issue 43 part 7): the organiser's pages in the header, not the fans' links, and
 * no fans' footer; below 1,200 px (1,408 px for a list longer than five: an organiser's, with its dashboard, and
 * an admin's) they are in the menu. Each page's guard still decides who may open it.
 */
export default function BackOfficeShell() {
  const { t } = useTranslation()
  const roles = useRootData()?.session?.roles ?? []
  const nav = backOfficeNav(roles)
  return (
    <PageShell nav={nav} area={t('nav.backOffice')} navFrom={nav.length > 5 ? 'xl' : 'lg'} footer={false} />
  )
}

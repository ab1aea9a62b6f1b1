import { PageShell } from '../components/layout/page-shell'

/** The fans' site: its header links and footer around every public page. */
export default function Shell() {
  return <PageShell footer />
}

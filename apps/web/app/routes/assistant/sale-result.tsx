import { data, redirect } from 'react-router'
import { uuidParam } from '../../features/checkout/api/load-checkout'
import type { Route } from './+types/sale-result'

/**
 * `/assistant/pending` and `/assistant/fail_purchase` (`?order=` or `?sale=`): the counter reads every outcome
 * of a sale on its receipt, which says paid, awaiting payment, reserved or not paid and offers what fits
 * (issue 15's result pages). So these twins of the fans' result pages open it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  if (!url.searchParams.has('order') && !url.searchParams.has('sale')) throw redirect('/assistant')
  const id = uuidParam(request, url.searchParams.has('sale') ? 'sale' : 'order')
  if (!id) throw data(null, { status: 404 })
  throw redirect(`/assistant/successful_purchase?sale=${id}`)
}

export default function SaleResult() {
  return null
}

import type { CounterSale } from '@palco/domain/box-office/contract'
import type { CounterTenderEntry } from '@palco/domain/box-office/tenders'
import { useEffect, useState } from 'react'
import { useRevalidator } from 'react-router'
import { type ApiError, asApiError } from '../../../lib/api-client'
import { collectReservation, voidSale } from '../api/box-office'
import { moneyTendersOf } from '../components/tender-form'

/**
 * A sale's receipt as it now is: followed while a card link may be paid on the buyer's phone at the counter,
 * and changed from the page — voided, or a reservation collected.
 */
export function useReceipt(loaded: CounterSale) {
  const [sale, setSale] = useState(loaded)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  // One key per visit: a double tap on "charge" collects once.
  const [collectKey] = useState(() => crypto.randomUUID())
  const link = sale.payLater?.link ?? null
  const revalidator = useRevalidator()
  useEffect(() => setSale(loaded), [loaded])
  useEffect(() => {
    if (!link) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate()
    }, 4000)
    return () => clearInterval(timer)
  }, [link, revalidator])

  /** Runs one change to the sale (a void, a collection) and shows the sale as it now is. */
  const change = async (act: () => Promise<CounterSale>) => {
    setBusy(true)
    setError(null)
    try {
      setSale(await act())
    } catch (err) {
      setError(asApiError(err))
    } finally {
      setBusy(false)
    }
  }
  const undo = () => change(() => voidSale(sale.orderId))
  // What pays a reservation: money only (the form offers no courtesy for it).
  const collect = (tenders: CounterTenderEntry[]) =>
    change(() =>
      collectReservation(sale.orderId, { tenders: moneyTendersOf(tenders), idempotencyKey: collectKey }),
    )
  return { sale, link, busy, error, undo, collect }
}

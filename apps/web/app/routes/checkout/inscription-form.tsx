import { Alert, Anchor, Button, Container, Grid, Stack, Text, Title } from '@mantine/core'
import type { InscriptionFormView } from '@palco/domain/inscriptions/contract'
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, redirect, useNavigate } from 'react-router'
import { ApiErrorAlert } from '../../components/ui/api-error-alert'
import { takeHandedDetails } from '../../features/checkout/api/handed-details.server'
import { hasParam, loadCart, requireFan, uuidParam } from '../../features/checkout/api/load-checkout'
import { HoldAside } from '../../features/checkout/components/hold-aside'
import { HoldExpiredNotice } from '../../features/checkout/components/hold-expired-notice'
import { NoCartPage } from '../../features/checkout/components/no-cart-page'
import { loadDetails, sessionStore, takeDetails } from '../../features/checkout/model/checkout-session'
import { inscriptionFormPath, saveParticipants } from '../../features/inscriptions/api/inscription-form'
import { DraftState } from '../../features/inscriptions/components/draft-state'
import { ParticipantForm } from '../../features/inscriptions/components/participant-form'
import {
  errorsOfFields,
  firstProblem,
  formOfView,
  inputIdOf,
  type ParticipantErrors,
  startingAnswers,
} from '../../features/inscriptions/model/participants'
import { participantsStore } from '../../features/inscriptions/model/participants-store'
import { ApiError, asApiError, NETWORK_ERROR_CODE } from '../../lib/api-client'
import type { Route } from './+types/inscription-form'

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'cache-control': 'no-store' }
}

/**
 * Where the form leads once sent: at the counter, the sale; a fan, to the contact details unless they gave
 * them in this tab already, then the payment.
 */
function nextPageOf(counter: boolean, reservationId: string, slug: string | null, detailsGiven: boolean) {
  const query = `reservation=${reservationId}${slug ? `&event=${encodeURIComponent(slug)}` : ''}`
  if (counter) return `/assistant/buy?${query}`
  return detailsGiven ? `/checkout/buy?${query}` : `/checkout?${query}`
}

/**
 * `/checkout/inscriptions/form?reservation=<id>` (spec §2; issue 17 part 2): one form per participant of the
 * held places, saved as the fan types, judged on "continue" by the form's own validator and then by the
 * API (which adds each category's age rule); then on to the contact details and payment. An event that asks
 * nothing goes straight on. Its twin `/assistant/inscriptions/form` (issue 15) is the same page for the
 * operator's hold, filled for the people at the counter, and goes on to the counter sale.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireFan(request, context)
  const counter = new URL(request.url).pathname.startsWith('/assistant/')
  if (!hasParam(request, 'reservation')) throw redirect('/inscriptions')
  const reservationId = uuidParam(request, 'reservation')
  if (!reservationId) throw data(null, { status: 404 })
  const [cart, form] = await Promise.all([
    loadCart(request, context, reservationId),
    context.api<InscriptionFormView>(inscriptionFormPath(reservationId)),
  ])
  if (form.status === 404) throw data(null, { status: 404 })
  const view = form.status === 200 ? form.data : null
  if (view && !view.definition) throw redirect(nextPageOf(counter, reservationId, view.event.slug, false))
  const handed = takeHandedDetails(request, reservationId)
  return data(
    {
      ...cart,
      view,
      reservationId,
      counter,
      locale: context.locale,
      country: context.country,
      handedDetails: handed?.posted?.ok ? handed.posted.details : null,
    },
    handed ? { headers: { 'set-cookie': handed.clear } } : {},
  )
}

export default function InscriptionForm({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout')
  const navigate = useNavigate()
  const { cart, view, reservationId, locale } = loaderData
  const definition = useMemo(() => (view ? formOfView(view) : null), [view])
  // The answers live in a store, not in this page's state: a keystroke redraws the field typed in, not the
  // page (issue 17). Built once, from what the fan saved before (a reload loses nothing).
  const [store] = useState(() =>
    definition && view
      ? participantsStore(
          definition,
          view.participants.map((p) => startingAnswers(definition, view.saved[p.seq])),
          async () =>
            (await import('../../features/inscriptions/model/participant-judge')).participantJudge(
              definition,
              { country: loaderData.country, timeZone: view.event.timeZone },
            ),
        )
      : null,
  )
  const problemCount = useSyncExternalStore(
    useCallback((told: () => void) => store?.subscribe('problemCount', told) ?? (() => {}), [store]),
    () => store?.problemCount() ?? 0,
    () => 0,
  )
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState<ApiError | null>(null)
  const [expired, setExpired] = useState(loaderData.errorCode === 'HOLD_EXPIRED')
  const onExpired = useCallback(() => setExpired(true), [])
  // The contact and billing forms the browser sent from /checkout before its script ran: kept in the tab
  // for the payment page, as the script would have.
  const { handedDetails } = loaderData
  useEffect(() => {
    if (handedDetails) takeDetails(sessionStore(), reservationId, handedDetails)
  }, [reservationId, handedDetails])
  const slug = view?.event.slug ?? cart?.event.slug ?? null

  // The form's validator comes once the page has hydrated: not in the page's first download (zod alone is
  // 27 KB gzipped), and in place (its 50 ms of compiling at a phone's speed done) before a person types.
  useEffect(() => store?.preload(), [store])

  // The first problem's input takes the focus once it is drawn enabled again (the API's answer comes while
  // the form is disabled, and a disabled input cannot take the focus).
  const [focusTarget, setFocusTarget] = useState<string | null>(null)
  useEffect(() => {
    if (!focusTarget || busy) return
    document.getElementById(focusTarget)?.focus()
    setFocusTarget(null)
  }, [focusTarget, busy])
  const focusFirst = (found: ParticipantErrors) => {
    const first = definition && firstProblem(definition, found)
    if (first) setFocusTarget(inputIdOf(first.seq, first.field.name))
  }

  const submit = async () => {
    if (!store) return
    store.tried()
    setFailed(null)
    setBusy(true)
    let found: ParticipantErrors
    try {
      found = await store.problems()
    } catch {
      // The validator could not be fetched: nothing is sent, and the person may try again.
      setFailed(new ApiError(NETWORK_ERROR_CODE, 0))
      setBusy(false)
      return
    }
    if (Object.keys(found).length > 0) {
      setBusy(false)
      return focusFirst(found)
    }
    try {
      await saveParticipants({ reservationId, participants: [...store.answers()], submit: true })
      navigate(
        nextPageOf(
          loaderData.counter,
          reservationId,
          slug,
          loadDetails(sessionStore(), reservationId) !== null,
        ),
      )
    } catch (err) {
      const e = asApiError(err)
      const fromApi = errorsOfFields(e.fields)
      if (Object.keys(fromApi).length > 0) {
        store.apiProblems(fromApi)
        focusFirst(fromApi)
      } else setFailed(e)
      setBusy(false)
    }
  }

  const title = t('participants.title')
  if (!cart || !view || !definition || !store) {
    return <NoCartPage title={title} eventSlug={slug} expired={expired} errorCode={loaderData.errorCode} />
  }
  return (
    <Container size="lg" py="lg" px="md">
      <title>{`${title} · Palco`}</title>
      <Stack gap="md">
        <Stack gap={4}>
          <Anchor
            component={Link}
            to={
              loaderData.counter
                ? '/assistant'
                : `/inscriptions/detail?event=${encodeURIComponent(view.event.slug)}`
            }
            size="sm"
          >
            {t(loaderData.counter ? 'participants.backCounter' : 'participants.back')}
          </Anchor>
          <Title order={1}>{title}</Title>
          <Text>{t('participants.lead', { count: view.participants.length, event: view.event.name })}</Text>
        </Stack>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
            {expired ? (
              <HoldExpiredNotice eventSlug={slug} />
            ) : (
              <form
                noValidate
                onSubmit={(e) => {
                  e.preventDefault()
                  void submit()
                }}
              >
                <Stack gap="md">
                  {problemCount > 0 && (
                    <Alert color="red" variant="light" role="alert" data-testid="participants-problems">
                      {t('participants.problems', { count: problemCount })}
                    </Alert>
                  )}
                  {view.participants.map((p) => (
                    <ParticipantForm
                      key={p.seq}
                      definition={definition}
                      participant={p}
                      count={view.participants.length}
                      store={store}
                      eventId={view.event.id}
                      disabled={busy}
                    />
                  ))}
                  <ApiErrorAlert error={failed} />
                  <DraftState store={store} reservationId={reservationId} />
                  <Button type="submit" size="md" loading={busy} data-testid="participants-continue">
                    {t('participants.continue')}
                  </Button>
                </Stack>
              </form>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
            <HoldAside cart={cart} locale={locale} onExpired={onExpired} />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  )
}

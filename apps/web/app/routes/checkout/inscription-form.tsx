import { Alert, Anchor, Button, Container, Grid, Stack, Text, Title } from '@mantine/core'
import type { InscriptionFormView } from '@palco/domain/inscriptions/contract'
import { asFormDefinition } from '@palco/domain/inscriptions/contract'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, redirect, useNavigate } from 'react-router'
import { ApiErrorAlert } from '../../components/ui/api-error-alert'
import { hasParam, loadCart, requireFan, uuidParam } from '../../features/checkout/api/load-checkout'
import { HoldExpiredNotice } from '../../features/checkout/components/hold-expired-notice'
import { NoCartPage } from '../../features/checkout/components/no-cart-page'
import { loadDetails, sessionStore } from '../../features/checkout/model/checkout-session'
import { inscriptionFormPath, saveParticipants } from '../../features/inscriptions/api/inscription-form'
import type { AnswerChange } from '../../features/inscriptions/components/dynamic-field'
import { ParticipantForm } from '../../features/inscriptions/components/participant-form'
import {
  errorsOfFields,
  firstProblem,
  inputIdOf,
  type ParticipantErrors,
  type Problems,
  participantJudge,
  problemsByParticipant,
  type RawAnswers,
  startingAnswers,
} from '../../features/inscriptions/model/participants'
import { type ApiError, asApiError } from '../../lib/api-client'
import type { Route } from './+types/inscription-form'
import { HoldAside } from './hold-aside'

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

const NO_ANSWERS = Object.freeze({})

/** How long typing rests before the answers are saved (a reload or a failed payment then loses nothing). */
const SAVE_AFTER_MS = 800

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
  return { ...cart, view, reservationId, counter, locale: context.locale, country: context.country }
}

export default function InscriptionForm({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout')
  const navigate = useNavigate()
  const { cart, view, reservationId, locale } = loaderData
  const definition = useMemo(() => (view?.definition ? asFormDefinition(view.definition) : null), [view])
  const [participants, setParticipants] = useState<RawAnswers[]>(() =>
    definition && view ? view.participants.map((p) => startingAnswers(definition, view.saved[p.seq])) : [],
  )
  /** The API's problems (the age rule, or what changed on its side), each shown until its field changes. */
  const [apiErrors, setApiErrors] = useState<ParticipantErrors>({})
  const [tried, setTried] = useState(false)
  /** Inputs the person left after typing in them: their problems show from then on. */
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set())
  const typedIn = useRef(new Set<string>())
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState<ApiError | null>(null)
  const [saved, setSaved] = useState<'idle' | 'saving' | 'saved'>('idle')
  const [expired, setExpired] = useState(loaderData.errorCode === 'HOLD_EXPIRED')
  const onExpired = useCallback(() => setExpired(true), [])
  const dirty = useRef(false)
  const slug = view?.event.slug ?? cart?.event.slug ?? null

  // A draft saved a moment after typing stops, so a reload or a failed payment loses nothing.
  useEffect(() => {
    if (!dirty.current || expired) return
    const timer = setTimeout(() => {
      setSaved('saving')
      saveParticipants({ reservationId, participants, submit: false })
        .then(() => setSaved('saved'))
        .catch(() => setSaved('idle'))
    }, SAVE_AFTER_MS)
    return () => clearTimeout(timer)
  }, [participants, reservationId, expired])

  // Every participant is judged on every keystroke, each by the validator built once for the form; an
  // unchanged participant's answers are the same object, so their problems are too (and their form is not
  // drawn again).
  const judged = useMemo(() => {
    if (!definition || !view) return null
    const judge = participantJudge(definition, { country: loaderData.country, timeZone: view.event.timeZone })
    const seen = new WeakMap<RawAnswers, Problems>()
    return (answers: RawAnswers) => {
      let problems = seen.get(answers)
      if (!problems) {
        problems = judge(answers)
        seen.set(answers, problems)
      }
      return problems
    }
  }, [definition, view, loaderData.country])
  const problems = useMemo(() => (judged ? participants.map(judged) : []), [judged, participants])

  const onAnswer = useCallback<AnswerChange>((seq, name, value) => {
    dirty.current = true
    typedIn.current.add(inputIdOf(seq, name))
    setSaved('idle')
    setParticipants((list) => list.map((answers, i) => (i === seq ? { ...answers, [name]: value } : answers)))
    setApiErrors((found) => {
      if (!found[seq]?.[name]) return found
      const { [name]: _fixed, ...rest } = found[seq]
      return { ...found, [seq]: rest }
    })
  }, [])
  const onLeave = useCallback((inputId: string) => {
    if (!typedIn.current.has(inputId)) return
    setLeft((ids) => (ids.has(inputId) ? ids : new Set(ids).add(inputId)))
  }, [])

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
    setTried(true)
    setFailed(null)
    setApiErrors({})
    const found = problemsByParticipant(problems)
    if (Object.keys(found).length > 0) return focusFirst(found)
    setBusy(true)
    try {
      await saveParticipants({ reservationId, participants, submit: true })
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
        setApiErrors(fromApi)
        focusFirst(fromApi)
      } else setFailed(e)
      setBusy(false)
    }
  }

  const title = t('participants.title')
  if (!cart || !view || !definition) {
    return <NoCartPage title={title} eventSlug={slug} expired={expired} errorCode={loaderData.errorCode} />
  }
  const problemCount = problems.reduce(
    (n, mine, seq) => n + new Set([...Object.keys(mine), ...Object.keys(apiErrors[seq] ?? {})]).size,
    0,
  )
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
                  {tried && problemCount > 0 && (
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
                      answers={participants[p.seq] ?? NO_ANSWERS}
                      problems={problems[p.seq] ?? NO_ANSWERS}
                      fromApi={apiErrors[p.seq]}
                      showAll={tried}
                      left={left}
                      eventId={view.event.id}
                      disabled={busy}
                      onAnswer={onAnswer}
                      onLeave={onLeave}
                    />
                  ))}
                  <ApiErrorAlert error={failed} />
                  <Text size="sm" c="dimmed" aria-live="polite" data-testid="draft-state">
                    {saved === 'saving'
                      ? t('participants.saving')
                      : saved === 'saved'
                        ? t('participants.saved')
                        : ''}
                  </Text>
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

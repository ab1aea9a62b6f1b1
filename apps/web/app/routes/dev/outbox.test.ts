import { describe, expect, it, vi } from 'vitest'
import { loader } from './outbox'

type LoaderArgs = Parameters<typeof loader>[0]

const message = (id: string, createdAt: string) => ({
  id,
  channel: 'email' as const,
  recipient: 'fan@palco.co',
  locale: 'es-CO',
  template: 'sign-in',
  subject: 'Su código',
  textBody: 'Código 123456',
  htmlBody: null,
  status: 'SENT',
  createdAt,
})

function argsFor(devOutbox: boolean, url = 'http://localhost/dev/outbox') {
  const api = vi.fn(async () => ({
    status: 200,
    data: {
      messages: [message('old', '2026-01-01T10:00:00.000Z'), message('new', '2026-01-01T11:00:00.000Z')],
    },
  }))
  const context = { devOutbox, api, locale: 'es-CO', country: 'COL' }
  return { args: { request: new Request(url), context, params: {} } as unknown as LoaderArgs, api }
}

describe('/dev/outbox loader', () => {
  it('is a 404 when the server does not offer the outbox (production)', async () => {
    const { args, api } = argsFor(false)
    await expect(loader(args)).rejects.toMatchObject({ init: { status: 404 } })
    expect(api).not.toHaveBeenCalled()
  })

  it('lists messages newest first, with the time in the site’s zone', async () => {
    const { args } = argsFor(true)
    const { messages } = await loader(args)
    expect(messages.map((m) => m.id)).toEqual(['new', 'old'])
    // 11:00 UTC is 06:00 in Bogotá.
    expect(messages[0]?.createdAtLabel).toMatch(/6:00:00/)
  })

  it('passes the recipient filter on to the API, encoded', async () => {
    const { args, api } = argsFor(true, 'http://localhost/dev/outbox?to=%2B573001234567')
    const { to } = await loader(args)
    expect(to).toBe('+573001234567')
    expect(api).toHaveBeenCalledWith('/api/dev/outbox?to=%2B573001234567')
  })
})

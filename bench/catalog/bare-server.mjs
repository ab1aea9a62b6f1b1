// The yardsticks: bare Fastify routes, no plugins, on a port given by the parent. `/bare` returns constant
// JSON; `/same/<name>` returns, as it is, the body the parent read from the app's route of that name
// (BARE_BODIES: a JSON file of name → body text), so the catalogue routes can also be compared with a bare
// route that sends the very same bytes.
import fs from 'node:fs'
import Fastify from 'fastify'

const app = Fastify({ logger: false })
const body = { status: 'ok', items: [1, 2, 3], note: 'constant' }
app.get('/bare', async () => body)
const bodies = process.env.BARE_BODIES ? JSON.parse(fs.readFileSync(process.env.BARE_BODIES, 'utf8')) : {}
for (const [name, text] of Object.entries(bodies)) {
  app.get(`/same/${name}`, (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(text)
  })
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) })
process.send?.('ready')
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))

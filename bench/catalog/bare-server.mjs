// The yardstick: a bare Fastify route returning constant JSON, no plugins, on a port given by the parent.
import Fastify from 'fastify'

const app = Fastify({ logger: false })
const body = { status: 'ok', items: [1, 2, 3], note: 'constant' }
app.get('/bare', async () => body)
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) })
process.send?.('ready')
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))

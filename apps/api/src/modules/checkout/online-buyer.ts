import { salesChannelOf } from '@palco/domain/orders/parties'
import type { FastifyRequest } from 'fastify'
import type { OrderActor } from './order-request.js'

/** A fan buying for themselves online, on the channel their device says (spec §3 sales channels). */
export async function buyerOnline(request: FastifyRequest): Promise<OrderActor> {
  const { userId } = await request.requireUser()
  return { userId, channel: salesChannelOf(request.headers['user-agent']) }
}

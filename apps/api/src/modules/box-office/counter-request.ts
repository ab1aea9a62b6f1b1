import { salesChannelOf } from '@palco/domain/orders/parties'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requireRole, requireStaff } from '../../plugins/auth.js'
import type { Operator } from './box-office.service.js'

// What every box-office route file shares: who is asking, the role guards and the common schemas.

/** The operator behind a request, with the address the audit log keeps (issue 15 part 6). */
export async function operatorOf(request: FastifyRequest): Promise<Operator> {
  const { userId, email, roles } = await request.requireUser()
  return {
    userId,
    email,
    address: request.ip,
    channel: salesChannelOf(request.headers['user-agent']),
    admin: roles.includes('admin'),
    scope: await request.staffScope('box_office.sell'),
  }
}

export const tags = ['box office']
// Platform operators and organisers' box-office staff sell; which events, their scope says (issue 43 part 1).
export const operator = requireStaff('box_office.sell')
export const admin = requireRole('admin')
export const eventParams = z.object({ eventId: z.uuid() })
export const noStore = { 'cache-control': 'no-store' }
export const saleParams = z.object({ id: z.string().max(64) })
export const COUNTER_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } }

import type { FastifyRequest } from 'fastify'

/** Who made a request, as the audit log records it. */
export interface ClientInfo {
  ip: string
  userAgent: string | undefined
}

/** The client of a request, as every route hands it to its service for the audit log. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] }
}

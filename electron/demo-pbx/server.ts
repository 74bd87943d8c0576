import { setTimeout as sleep } from 'node:timers/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import type { Socket } from 'node:net'
import { RequestContext, type Reply } from './context'
import { HttpError, invalid, methodNotAllowed, notFound, unknownFailure } from './errors'
import type { Router } from './router'
import type { DemoState } from './state'

/**
 * The HTTP side: reads bodies (1 MiB at most), applies the test knobs (latency, failing and
 * dropping the next requests), routes, and answers every failure — including a bug that throws —
 * with the API's error shape.
 */

export const MAX_BODY_BYTES = 1024 * 1024

export interface Knobs {
  latencyMs: number
  failNext: number
  failStatus: number
  dropNext: number
  requests: number
}

type BodyResult = { ok: true; body: Buffer } | { ok: false; tooLarge: true } | { ok: false; aborted: true }

const readBody = (req: IncomingMessage): Promise<BodyResult> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        tooLarge = true
        chunks.length = 0
        return
      }
      if (!tooLarge) chunks.push(chunk)
    })
    req.on('end', () => resolve(tooLarge ? { ok: false, tooLarge: true } : { ok: true, body: Buffer.concat(chunks) }))
    req.on('error', () => resolve({ ok: false, aborted: true }))
    req.on('aborted', () => resolve({ ok: false, aborted: true }))
  })

const send = (res: ServerResponse, reply: Reply): void => {
  if (res.writableEnded || res.destroyed) return
  const headers: Record<string, string | string[]> = { ...(reply.headers ?? {}) }
  let payload: Buffer | undefined
  if (reply.html !== undefined) {
    payload = Buffer.from(reply.html, 'utf8')
    headers['Content-Type'] = 'text/html; charset=utf-8'
  } else if (reply.xml !== undefined) {
    payload = Buffer.from(reply.xml, 'utf8')
    headers['Content-Type'] = 'application/xml; charset=utf-8'
  } else if (reply.body !== undefined && reply.status !== 204) {
    payload = Buffer.from(JSON.stringify(reply.body), 'utf8')
    headers['Content-Type'] = 'application/json; charset=utf-8'
  }
  headers['Content-Length'] = String(payload?.length ?? 0)
  headers['Cache-Control'] = 'no-store'
  if (reply.status === 204) delete headers['Content-Length']
  res.writeHead(reply.status, headers)
  res.end(payload)
}

const errorReply = (err: HttpError): Reply => ({ status: err.status, body: { errors: err.errors }, headers: err.headers })

export const handleRequest = async (
  state: DemoState,
  router: Router,
  knobs: Knobs,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> => {
  knobs.requests++
  if (knobs.dropNext > 0) {
    knobs.dropNext--
    req.socket.destroy()
    return
  }
  const body = await readBody(req)
  if (!body.ok && 'aborted' in body) return
  if (knobs.latencyMs > 0) await sleep(knobs.latencyMs)
  if (knobs.failNext > 0) {
    knobs.failNext--
    send(res, errorReply(unknownFailure(knobs.failStatus, `the PBX failed this request on purpose (test fault, status ${knobs.failStatus})`)))
    return
  }
  let reply: Reply
  try {
    if (!body.ok) throw invalid('body', `is larger than 1 MiB (${MAX_BODY_BYTES} bytes)`)
    const url = new URL(req.url ?? '/', 'http://localhost')
    const method = (req.method ?? 'GET').toUpperCase()
    const match = router.match(method, url.pathname)
    if (match.kind === 'none') throw notFound(`no such path: ${url.pathname}`)
    if (match.kind === 'wrong-method') throw methodNotAllowed(match.allow)
    const ctx = new RequestContext(state, method, url.pathname, url.searchParams, req.headers, body.body, match.params)
    reply = await match.handler(ctx)
  } catch (err) {
    if (err instanceof HttpError) reply = errorReply(err)
    else {
      const message = err instanceof Error ? err.message : String(err)
      reply = errorReply(unknownFailure(500, `internal error: ${message}`))
    }
  }
  send(res, reply)
}

/** An http.Server that can stop listening and listen again on the same port with the same data. */
export class DemoServer {
  private server: Server | undefined
  private readonly sockets = new Set<Socket>()
  private closing: Promise<void> | undefined
  port = 0

  constructor(
    private readonly host: string,
    private readonly onRequest: (req: IncomingMessage, res: ServerResponse) => void,
    /** a certificate and its key (PEM): serve HTTPS instead of HTTP */
    private readonly tls?: { cert: string; key: string },
  ) {}

  async listen(port: number): Promise<number> {
    if (this.closing) await this.closing
    if (this.server) return this.port
    const handler = (req: IncomingMessage, res: ServerResponse) => this.onRequest(req, res)
    const server: Server = this.tls ? createTlsServer(this.tls, handler) : createServer(handler)
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
    server.on('clientError', (_err, socket: Socket) => {
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n')
      else socket.destroy()
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, this.host, () => {
        server.off('error', reject)
        resolve()
      })
    })
    const address = server.address()
    this.port = typeof address === 'object' && address ? address.port : port
    this.server = server
    return this.port
  }

  /** Stop listening and cut every open connection. */
  close(): Promise<void> {
    const server = this.server
    if (!server) return this.closing ?? Promise.resolve()
    this.server = undefined
    this.closing = new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
      for (const s of this.sockets) s.destroy()
      this.sockets.clear()
    }).finally(() => {
      this.closing = undefined
    })
    return this.closing
  }

  get listening(): boolean {
    return this.server !== undefined
  }
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A tiny PBX stand-in on node:http for what the demo PBX never does (an endpoint it lacks, a
 * count that lies). `handle` answers `[status, body]` for `METHOD /path?query`; `undefined` is a
 * 404 of the API's error shape.
 */
export type FakeAnswer = [status: number, body?: unknown]
export type FakeHandler = (method: string, url: URL) => FakeAnswer | undefined

export interface FakeServer {
  url: string
  /** every request as `METHOD /path?query` */
  seen: string[]
  stop(): Promise<void>
}

export async function startFakeServer(handle: FakeHandler): Promise<FakeServer> {
  const seen: string[] = []
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume()
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      const method = req.method ?? 'GET'
      seen.push(`${method} ${url.pathname}${url.search}`)
      const [status, body] = handle(method, url) ?? [404, { errors: [{ code: 'NOT_FOUND', message: 'not found' }] }]
      if (body === undefined) {
        res.writeHead(status).end()
      } else {
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
      }
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    async stop() {
      server.closeAllConnections()
      await new Promise((done) => server.close(done))
    },
  }
}

/** The API's error body. */
export const apiError = (code: string, message: string) => ({ errors: [{ code, message }] })
export const notFound = (): FakeAnswer => [404, apiError('NOT_FOUND', 'not found')]
export const methodNotAllowed = (): FakeAnswer => [405, apiError('NOT_FOUND', 'method not allowed')]

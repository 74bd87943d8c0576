import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A pass-through in front of the demo PBX, for what a test must see or change on the wire: it logs
 * every request (method, path, JSON body) and can answer a request itself (e.g. 404 where a PBX
 * lacks an endpoint) instead of passing it on.
 */
export interface LoggedRequest {
  method: string
  path: string
  body: unknown
}

export interface PassThrough {
  url: string
  log: LoggedRequest[]
  /** the most requests that were open at once (since the last `resetInFlight`) */
  readonly maxInFlight: number
  resetInFlight(): void
  /** answer requests that `when` picks with `status` and `body` (the API's 404 body by default), from now on */
  answer(when: (method: string, path: string) => boolean, status: number, body?: unknown): void
  stop(): Promise<void>
}

export async function startPassThrough(targetUrl: string): Promise<PassThrough> {
  const target = new URL(targetUrl)
  const log: LoggedRequest[] = []
  let inFlight = 0
  let maxInFlight = 0
  let override: { when: (method: string, path: string) => boolean; status: number; body: unknown } | undefined

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    res.on('close', () => inFlight--)
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const raw = Buffer.concat(chunks)
      const method = req.method ?? 'GET'
      const path = new URL(req.url ?? '/', 'http://pass').pathname
      let body: unknown = undefined
      if (raw.length > 0 && (req.headers['content-type'] ?? '').includes('json')) body = JSON.parse(raw.toString('utf8')) as unknown
      log.push({ method, path, body })
      if (override?.when(method, path)) {
        res
          .writeHead(override.status, { 'Content-Type': 'application/json' })
          .end(JSON.stringify(override.body))
        return
      }
      const headers = { ...req.headers, host: target.host }
      const onward = request({ hostname: target.hostname, port: target.port, path: req.url, method, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      })
      onward.on('error', () => res.destroy())
      onward.end(raw)
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    get maxInFlight() {
      return maxInFlight
    },
    resetInFlight() {
      maxInFlight = inFlight
    },
    answer(when, status, body = { errors: [{ code: 'NOT_FOUND', message: 'not found' }] }) {
      override = { when, status, body }
    },
    async stop() {
      server.closeAllConnections()
      await new Promise((done) => server.close(done))
    },
  }
}

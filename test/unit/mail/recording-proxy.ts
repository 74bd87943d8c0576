import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A pass-through proxy in front of a real (demo) PBX that writes down every request (method,
 * path, JSON body, answer status), so a test can see what the app sent: which POST a save used,
 * and that a field was never in a body. `refuse` lists `METHOD /path` the proxy answers 404
 * itself, in the API's error shape, as a PBX without that endpoint would.
 */
export interface SeenRequest {
  method: string
  path: string
  body: unknown
  status: number
}

export interface RecordingProxy {
  url: string
  seen: SeenRequest[]
  stop(): Promise<void>
}

export async function startRecordingProxy(target: string, refuse: readonly string[] = []): Promise<RecordingProxy> {
  const seen: SeenRequest[] = []
  const upstream = new URL(target)
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const raw = Buffer.concat(chunks)
      const method = req.method ?? 'GET'
      const path = new URL(req.url ?? '/', 'http://proxy').pathname
      let body: unknown
      try {
        body = raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined
      } catch {
        body = raw.toString('utf8')
      }
      const entry: SeenRequest = { method, path, body, status: 0 }
      seen.push(entry)
      if (refuse.includes(`${method} ${path}`)) {
        entry.status = 404
        res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ errors: [{ code: 'NOT_FOUND', message: 'not found' }] }))
        return
      }
      const forward = request(
        { host: upstream.hostname, port: upstream.port, method, path: req.url, headers: { ...req.headers, host: upstream.host } },
        (answer) => {
          entry.status = answer.statusCode ?? 0
          res.writeHead(entry.status, answer.headers)
          answer.pipe(res)
        },
      )
      forward.on('error', () => res.destroy())
      forward.end(raw)
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

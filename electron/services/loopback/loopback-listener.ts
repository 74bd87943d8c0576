import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { cancelled, ServiceError } from '../errors'

/**
 * A one-shot loopback redirect target (RFC 8252, section 7.3): a browser opened by the user comes
 * back to the app at http://127.0.0.1:<port>/<random path>?..., e.g. an identity provider's
 * redirect with its code, or the reset link of a password-recovery mail. Only that path answers;
 * the page tells the user to return to the app. The listener closes after the first hit, on
 * timeout, or when cancelled.
 */
export interface LoopbackRedirect {
  /** the address to hand out as redirect_uri / callback_url */
  readonly url: string
  /** the query of the first request to `url`'s path */
  readonly received: Promise<URLSearchParams>
  close(): void
}

const PAGE = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
  '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'">' +
  '<style>body{font:16px system-ui,sans-serif;margin:15vh auto;max-width:32em;text-align:center}</style></head>' +
  `<body><h1>${title}</h1><p>You can close this tab and go back to PBX Provisioner.</p></body></html>`

export async function openLoopbackRedirect(
  options: { timeoutMs: number; signal?: AbortSignal; title?: string },
): Promise<LoopbackRedirect> {
  const path = `/${randomBytes(12).toString('hex')}`
  let resolve!: (query: URLSearchParams) => void
  let reject!: (error: Error) => void
  const received = new Promise<URLSearchParams>((res, rej) => {
    resolve = res
    reject = rej
  })
  received.catch(() => undefined) // a caller that never awaits it must not crash the process

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (request.method !== 'GET' || url.pathname !== path) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found')
      return
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
    response.end(PAGE(options.title ?? 'Done'))
    resolve(url.searchParams)
    close()
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => done())
  })
  const { port } = server.address() as AddressInfo

  const timer = setTimeout(() => {
    reject(new ServiceError('CANCELLED', `Nothing came back within ${Math.round(options.timeoutMs / 60_000)} minutes. Start again.`))
    close()
  }, options.timeoutMs)
  const onAbort = () => {
    reject(cancelled())
    close()
  }
  options.signal?.addEventListener('abort', onAbort, { once: true })

  let closed = false
  function close(): void {
    if (closed) return
    closed = true
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', onAbort)
    server.close()
    server.closeAllConnections()
    reject(cancelled())
  }

  return { url: `http://127.0.0.1:${port}${path}`, received, close }
}

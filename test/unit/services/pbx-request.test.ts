import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getInfo } from '../../../electron/services/pbx-client/info'
import { pbxRequest } from '../../../electron/services/pbx-client/request'
import { ServiceError } from '../../../electron/services/errors'

// A server that answers each path the way some real-world non-PBX or broken PBX would.
const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/api/info': (_req, res) => json(res, 200, { web_domain: 'pbx.example.com', enable_ipv6: true }),
  '/api/validate': (_req, res) => json(res, 400, { errors: [{ code: 'VALIDATE_FAILED', message: 'name: must be 1 to 64 characters' }] }),
  '/api/strange-code': (_req, res) => json(res, 409, { errors: [{ code: 'SOMETHING_NEW', message: 'the PBX says no' }] }),
  '/api/plain-500': (_req, res) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('oops'),
  '/api/slow': () => {},
  '/api/echo': (req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => json(res, 200, { auth: req.headers.authorization ?? null, type: req.headers['content-type'] ?? null, body, url: req.url }))
  },
  '/api/empty': (_req, res) => res.writeHead(200).end(),
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
}

let server: Server
let base = ''
beforeAll(async () => {
  server = createServer((req, res) => {
    const route = routes[new URL(req.url ?? '/', 'http://x').pathname]
    if (route) route(req, res)
    else res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not Found</h1>')
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((done) => server.close(done))
})

/** A server of its own whose every path answers with `answer`; its address, for one test. */
async function answering(answer: (res: ServerResponse) => void, use: (base: string) => Promise<void>): Promise<void> {
  const other = createServer((_req, res) => answer(res))
  await new Promise<void>((done) => other.listen(0, '127.0.0.1', done))
  try {
    await use(`http://127.0.0.1:${(other.address() as AddressInfo).port}`)
  } finally {
    other.closeAllConnections()
    await new Promise((done) => other.close(done))
  }
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ServiceError)
  return error as ServiceError
}

describe('pbxRequest and getInfo: telling a PBX from what is not one', () => {
  it('reads /api/info at an address, written in any case and with a trailing slash', async () => {
    expect(await getInfo(base)).toMatchObject({ web_domain: 'pbx.example.com', enable_ipv6: true })
    expect(await getInfo(`${base.toUpperCase()}/`)).toMatchObject({ web_domain: 'pbx.example.com' })
  })

  it('says a server answering HTML is not a PBX', async () => {
    await answering(
      (res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Router login</title>'),
      async (other) => {
        const error = await failure(getInfo(other))
        expect(error.code).toBe('NOT_A_PBX')
        expect(error.message).toMatch(/web page/)
      },
    )
  })

  it('says a wrong address (404 on /api/info) is not the API, naming the URL it asked', async () => {
    await answering(
      (res) => res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found'),
      async (other) => {
        const error = await failure(getInfo(`${other}/`))
        expect(error.code).toBe('NOT_A_PBX')
        expect(error.message).toBe(`${other.slice('http://'.length)} has no PBX API at ${other}/api/info (404). Check the address and the port.`)
      },
    )
  })

  it('refuses an answer that does not match the contract', async () => {
    await answering(
      (res) => json(res, 200, { enable_ipv6: 'yes' }),
      async (other) => {
        const error = await failure(getInfo(other))
        expect(error.code).toBe('NOT_A_PBX')
        expect(error.message).toMatch(/enable_ipv6/)
      },
    )
  })

  it('says an unreachable host is unreachable', async () => {
    const closed = createServer()
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done))
    const port = (closed.address() as AddressInfo).port
    await new Promise((done) => closed.close(done))
    const error = await failure(getInfo(`http://127.0.0.1:${port}`))
    expect(error.code).toBe('UNREACHABLE')
    expect(error.message).toMatch(/refused/)
  })

  it('gives up after the timeout with a clear message instead of hanging', async () => {
    const error = await failure(pbxRequest(base, 'api/slow', { timeoutMs: 200 }))
    expect(error.code).toBe('UNREACHABLE')
    expect(error.message).toMatch(/did not answer in 0.2 s/)
  })

  it('can be cancelled', async () => {
    const controller = new AbortController()
    const pending = pbxRequest(base, 'api/slow', { signal: controller.signal })
    controller.abort()
    expect((await failure(pending)).message).toBe('Cancelled.')
  })

  it("keeps the PBX's error code, message and the field it names", async () => {
    const error = await failure(pbxRequest(base, 'api/validate'))
    expect(error).toMatchObject({ code: 'PBX_ERROR', status: 400, pbxCode: 'VALIDATE_FAILED', field: 'name' })
    expect(error.message).toBe('name: must be 1 to 64 characters')
  })

  it('treats an error code it does not know as UNKNOWN and still shows the message', async () => {
    const error = await failure(pbxRequest(base, 'api/strange-code'))
    expect(error).toMatchObject({ pbxCode: 'UNKNOWN', status: 409, message: 'the PBX says no' })
  })

  it('reports a failure without the error shape by its status', async () => {
    const error = await failure(pbxRequest(base, 'api/plain-500'))
    expect(error).toMatchObject({ code: 'PBX_ERROR', status: 500, pbxCode: 'UNKNOWN' })
  })

  it('sends the bearer token, JSON and form bodies, and query parameters', async () => {
    const json = await pbxRequest(base, 'api/echo', { method: 'POST', token: 'abc', json: { a: 1 }, query: { top: 5, skip: undefined } })
    expect(json.body).toEqual({ auth: 'Bearer abc', type: 'application/json', body: '{"a":1}', url: '/api/echo?top=5' })
    const form = await pbxRequest(base, 'api/echo', { method: 'POST', form: { grant_type: 'password', scope: 'all' } })
    expect(form.body).toMatchObject({ auth: null, type: 'application/x-www-form-urlencoded', body: 'grant_type=password&scope=all' })
  })

  it('answers undefined for an empty 200 (updates answer no body)', async () => {
    expect(await pbxRequest(base, 'api/empty', { method: 'POST' })).toEqual({ status: 200, body: undefined })
  })
})

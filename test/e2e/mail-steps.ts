import { createServer, request, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { SANDBOX_REFUSAL } from './harness'

/**
 * Steps of the email template and notification specs: a
 * recording proxy in front of the demo PBX, so a spec sees what crossed the wire (that a typed
 * password went to the PBX, and that no answer of the PBX ever held it).
 */

/**
 * Counts Chromium's refusals to run a script in a sandboxed frame (the email preview): the
 * harness's init script is tried in every document and refused there. The harness leaves these
 * out of its check of console errors; a test counts them to see the sandbox at work.
 */
export function countSandboxRefusals(app: Page): () => number {
  let refused = 0
  app.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith(SANDBOX_REFUSAL)) refused += 1
  })
  return () => refused
}

export type WireExchange = { method: string; path: string; requestBody: string; status: number; responseBody: string }

/** Forwards every request to `target` unchanged and records each exchange, bodies included. */
export async function recordingProxy(target: string): Promise<{ url: string; exchanges: WireExchange[]; close(): Promise<void> }> {
  const exchanges: WireExchange[] = []
  const server = createServer((incoming, outgoing) => {
    const requestChunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => requestChunks.push(chunk))
    incoming.on('end', () => {
      const requestBody = Buffer.concat(requestChunks)
      const headers: IncomingHttpHeaders = { ...incoming.headers, host: new URL(target).host }
      const forward = request(new URL(incoming.url ?? '/', target), { method: incoming.method, headers }, (answer) => {
        const answerChunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => answerChunks.push(chunk))
        answer.on('end', () => {
          const responseBody = Buffer.concat(answerChunks)
          exchanges.push({
            method: incoming.method ?? '',
            path: incoming.url ?? '',
            requestBody: requestBody.toString('utf8'),
            status: answer.statusCode ?? 0,
            responseBody: responseBody.toString('utf8'),
          })
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers).end(responseBody)
        })
      })
      forward.on('error', () => outgoing.destroy())
      forward.end(requestBody)
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}

import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { rendererFileResponse } from '../../electron/services/desktop/renderer-files'

/**
 * Serves the built renderer (out/renderer) on loopback, with the answers the app's own scheme
 * gives the window (electron/services/desktop/renderer-files.ts): the same files, types and
 * refusals. The tests need an http:// page: Playwright's Chromium has no app:// scheme. `page` is
 * the file that must be there (the bench's floor pages have no index.html).
 */
export async function serveRenderer(root = resolve('out/renderer'), page = 'index.html'): Promise<{ url: string; close(): Promise<void> }> {
  if (!existsSync(join(root, page))) {
    throw new Error(`${root}/${page} is missing: build it first (out/renderer: "npx electron-vite build", which npm test runs).`)
  }
  const server = createServer((request, response) => {
    void (async () => {
      try {
        const headers = new Headers()
        for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value)
        // (a method Request refuses, TRACE for one, throws here: answered 500 below, never a crash)
        const answer = await rendererFileResponse(root, new Request(`http://loopback${request.url ?? '/'}`, { method: request.method, headers }))
        const body = answer.body ? Buffer.from(await answer.arrayBuffer()) : undefined
        response.writeHead(answer.status, Object.fromEntries(answer.headers)).end(body)
      } catch {
        if (!response.headersSent) response.writeHead(500)
        response.end()
      }
    })()
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}

import { EventEmitter } from 'node:events'
import type { App, Session } from 'electron'
import { describe, expect, it } from 'vitest'
import { denyPermissions, hardenWebContents } from '../../../electron/main/hardening'

const OUR_PAGE = 'app://renderer/index.html'

class FakeContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler
  }
}

function created() {
  const app = new EventEmitter()
  hardenWebContents(app as unknown as App, (url) => url.split('#')[0] === OUR_PAGE)
  const contents = new FakeContents()
  app.emit('web-contents-created', {}, contents)
  return contents
}

function fire(contents: FakeContents, event: string, ...args: unknown[]): boolean {
  let prevented = false
  contents.emit(event, { preventDefault: () => (prevented = true) }, ...args)
  return prevented
}

describe('hardening every WebContents', () => {
  it('blocks navigation and redirects away from our page, allows moving within it', () => {
    const contents = created()
    expect(fire(contents, 'will-navigate', 'https://evil.example/')).toBe(true)
    expect(fire(contents, 'will-redirect', 'http://127.0.0.1:9/')).toBe(true)
    expect(fire(contents, 'will-navigate', 'file:///etc/passwd')).toBe(true)
    expect(fire(contents, 'will-navigate', `${OUR_PAGE}#/dect`)).toBe(false)
  })

  it('denies every new window and every webview', () => {
    const contents = created()
    expect(contents.windowOpenHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' })
    expect(contents.windowOpenHandler?.({ url: `${OUR_PAGE}#/x` })).toEqual({ action: 'deny' })
    expect(fire(contents, 'will-attach-webview')).toBe(true)
  })

  it('denies permission requests and checks', () => {
    let request: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined
    let check: (() => boolean) | undefined
    const session = {
      setPermissionRequestHandler: (handler: typeof request) => (request = handler),
      setPermissionCheckHandler: (handler: typeof check) => (check = handler),
    }
    denyPermissions(session as unknown as Session)
    const answers: boolean[] = []
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read']) request?.({}, permission, (granted) => answers.push(granted))
    expect(answers).toEqual([false, false, false, false])
    expect(check?.()).toBe(false)
  })
})

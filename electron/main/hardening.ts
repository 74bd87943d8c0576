import type { App, Session } from 'electron'

/**
 * Electron's security checklist, applied to every WebContents the app ever creates:
 * no navigation away from our page, no new windows, no <webview>, and every permission request
 * (camera, notifications, geolocation, ...) denied.
 */
export function hardenWebContents(app: App, isOurPage: (url: string) => boolean): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isOurPage(url)) event.preventDefault()
    })
    contents.on('will-redirect', (event, url) => {
      if (!isOurPage(url)) event.preventDefault()
    })
    contents.setWindowOpenHandler(() => ({ action: 'deny' }))
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })
}

export function denyPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
}

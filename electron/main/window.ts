import { BrowserWindow, dialog } from 'electron'
import type { WindowPlacement, WindowState } from '../services/desktop/window-state'
import { mainWindowOptions } from './window-options'

/**
 * The one window, placed as it was at the last run (window-state.ts decides where), with the
 * security settings of window-options.ts; shown when it has painted. `onState` receives its
 * state each time it is moved, resized, maximized or restored, and when it closes.
 */
export function createMainWindow(
  mainDir: string,
  url: string,
  placement: WindowPlacement,
  options: { devTools: boolean; onState: (state: WindowState) => void },
): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(mainDir, placement, { devTools: options.devTools }))
  // maximize() shows the window at once: wait until it has painted, as show() does
  window.once('ready-to-show', () => {
    if (placement.maximized) window.maximize()
    window.show()
  })

  const report = () => {
    if (!window.isDestroyed() && !window.isMinimized() && !window.isFullScreen()) {
      options.onState({ bounds: window.getNormalBounds(), maximized: window.isMaximized() })
    }
  }
  window.on('resize', report)
  window.on('move', report)
  window.on('maximize', report)
  window.on('unmaximize', report)
  window.on('close', report)

  // an editor with unsaved changes holds back closing and reloading (beforeunload); Electron then
  // does nothing unless asked, so ask the user here, as a browser would
  window.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(window, {
      type: 'question',
      title: 'Discard changes?',
      message: 'There are changes that are not saved yet.',
      detail: 'Discard them and close, or keep editing and save them first.',
      buttons: ['Discard changes', 'Keep editing'],
      defaultId: 1,
      cancelId: 1,
    })
    // preventDefault lets the page unload after all
    if (choice === 0) event.preventDefault()
  })

  void window.loadURL(url)
  return window
}

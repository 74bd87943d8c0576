import type { PbxApi } from '../contract/bridge'
import type { PbxMenuApi } from '../contract/menu-commands'

declare global {
  interface Window {
    /** The Bridge, built by the preload from the contract's operation names. */
    readonly pbx: PbxApi
    /** The application menu's commands; absent outside Electron (the Chromium tests, a browser). */
    readonly pbxMenu?: PbxMenuApi
  }
}

export {}

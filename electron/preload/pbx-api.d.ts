import type { PbxApi } from '../contract/bridge'

declare global {
  interface Window {
    /** The Bridge, built by the preload from the contract's operation names. */
    readonly pbx: PbxApi
  }
}

export {}

/** Where the Electron binary is, or why there is none (never downloads it). */
export function findElectronBinary(): { path: string } | { missing: string }

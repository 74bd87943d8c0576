/** Where the Electron binary is, or why there is none (never downloads it). */
export function findElectronBinary(): { path: string } | { missing: string }
/** The binary, after Electron's own first-use download where it is missing. */
export function electronBinaryOrDownload(verbose: boolean): { path: string } | { missing: string }
/** Why `command` cannot open the window here, and what still works. */
export function noElectronMessage(command: string, missing: string): string

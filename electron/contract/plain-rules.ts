/**
 * Rules of the contract as plain values (no schema library), for what the renderer checks on its
 * first screen before it asks main: importing them does not load zod at start (issue 17). The
 * schemas main checks with are built from the same values (dect.ts, bridge-desktop.ts).
 */

/** The most a spreadsheet file may weigh, in bytes: 20 MB (the import's limit, csv-parse.ts). */
export const MAX_CSV_FILE_BYTES = 20 * 1024 * 1024

/** A screen the app may remember (a route path, e.g. `/outbound`): `/`, then letters, digits, `-`, `_`, `/`. */
export const SCREEN_PATH_PATTERN = /^\/[\w\-/]*$/
export const SCREEN_PATH_MAX = 200

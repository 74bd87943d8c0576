export const ROOT: string
/** What the whole build is made from. */
export const APP_SOURCES: readonly string[]
/** What the command line's build (out/main) is made from: all but the renderer. */
export const CLI_SOURCES: readonly string[]
/** Why `built` (a file of out/) cannot stand for `sources` (default: the whole app's), or undefined when it can. */
export function staleBuildReason(built: string, sources?: readonly string[]): string | undefined
/** Builds unless `built` became fresh meanwhile, one build at a time. */
export function buildWhenStale(built: string, sources: readonly string[]): void

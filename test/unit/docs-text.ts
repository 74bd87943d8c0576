// What the docs tests (docs-links, docs-checklists) read in a markdown text: its links and the
// repository paths it names.

/**
 * What the texts name in backticks that is no file of the repository, and why: made by a build or
 * a test run, the app's data folder, a package, a PBX's API, a media type.
 */
const NOT_OF_THE_REPOSITORY: readonly [RegExp, string][] = [
  [/^(out|dist|test-results|node_modules)\//, 'made by the build, a test run or npm'],
  [/^(batches|locks)\//, "the app's data folder, on the user's machine"],
  [/^@[\w-]+\//, 'an npm package'],
  [/^api\//, "a PBX's API path"],
  [/^(application|text|image)\//, 'a media type'],
]

/** a file or folder as written in backticks: `a/b.ts`, `a/b/` (not `/a`, not code, not `a/<b>.ts`) */
export const isPath = (item: string): boolean => /^[\w.@-]+(\/[\w.@-]+)*\/?$/.test(item) && item.includes('/')

/** The relative links of a markdown text (not web addresses, not anchors within it). */
export function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1]!).filter((link) => !/^[a-z]+:/.test(link))
}

/** The paths a markdown text names in backticks outside its code blocks, but those known to be no file of the repository. */
export function namedPaths(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '')
  return [...prose.matchAll(/`([^`\n]+)`/g)]
    .map((match) => match[1]!)
    .filter((item) => isPath(item) && !NOT_OF_THE_REPOSITORY.some(([pattern]) => pattern.test(item)))
}

/** whether `path` is a file or folder of `tracked`, named from the root or by its last parts */
export function isOfRepository(path: string, tracked: readonly string[]): boolean {
  const folder = path.endsWith('/') ? path : `${path}/`
  return tracked.some((file) => `/${file}`.endsWith(`/${path}`) || `/${file}`.includes(`/${folder}`))
}

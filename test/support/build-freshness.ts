/**
 * Whether out/ is as new as what it is made from (electron/tools/build-freshness.mjs, which the
 * bin uses too): a file newer than the build means the build is stale. The build's tests build
 * first when it is (test/build/fresh-build.ts); the command line's tests run the build only when it
 * is not (test/unit/cli/run-cli.ts), so a change is never tested through an old build.
 */
export { staleBuildReason } from '../../electron/tools/build-freshness.mjs'

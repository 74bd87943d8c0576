import { BUILT_CLI } from './built'
import { describeReadmeSession } from '../unit/cli/readme-session-suite'

// The command line session of docs/command-line.md (pbx add and list, config snapshot, compare
// and apply, fleet status, batch import, push and labels), replayed through the build: `node out/main/cli.js`,
// what the packaged app runs for `--cli`, where the source suite runs bin/pbx-provisioner.mjs
// through tsx. Issue 36: every command that loads the services failed from the build alone.
await describeReadmeSession("the command line session of docs/command-line.md, from the build (out/main/cli.js)", BUILT_CLI)

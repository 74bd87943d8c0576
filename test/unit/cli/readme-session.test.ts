import { describe, expect, it } from 'vitest'
import { BIN, matchesShown, normalLine, shellWords } from './readme-session'
import { describeReadmeSession } from './readme-session-suite'

// through the bin, as a user runs it: it runs the build (out/main/cli.js, which the packaged app runs
// for `--cli` too), made first when older than the source; issue 36 was every command that
// loads the services failing from the build alone
await describeReadmeSession("the command line session of docs/command-line.md, through the bin (the build)", BIN)

describe('the README session parser', () => {
  it('splits words as a shell does, and matches shown lines with wildcards', () => {
    expect(shellWords(`pbx add "Demo Company" --url 'http://x' a\\ b # a comment`)).toEqual({ words: ['pbx', 'add', 'Demo Company', '--url', 'http://x', 'a b'], piped: false })
    expect(shellWords(`fleet status --json | jq .`)).toEqual({ words: ['fleet', 'status', '--json'], piped: true })
    expect(normalLine('ok      Demo Company  signed in (17 ms)  2025-06-02 10:00')).toBe('ok Demo Company signed in (<n> ms) <date> <time>')
    const uuid = '4b9005fb-ab85-4b58-9447-b30eee79626b'
    expect(matchesShown(['Added "X" (id 5c0…): signed in.'], [`Added "X" (id ${uuid}): signed in.`])).toBe(true)
    expect(matchesShown(['Added "X" (id …): signed in.'], [`Added "X" (id ${uuid}): signed in.`])).toBe(true)
    expect(matchesShown(['Rollout 8c2e4f1a:'], ['Rollout 4b9005fb:'])).toBe(true)
    expect(matchesShown(['Added "X" (id 5c0…): signed in.'], [`Added "Y" (id ${uuid}): signed in.`])).toBe(false)
    expect(matchesShown(['a', '…', 'z'], ['a', 'b', 'c', 'z'])).toBe(true)
    expect(matchesShown(['a', '…', 'z'], ['a', 'z'])).toBe(true)
    expect(matchesShown(['a', 'z'], ['a', 'b', 'z'])).toBe(false)
  })
})

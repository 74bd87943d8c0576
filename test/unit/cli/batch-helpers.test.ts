import { describe, expect, it } from 'vitest'
import { batchStateOfTallies } from '../../../electron/contract/batch-state'
import type { BatchSummary, DamagedBatch, PushProgress } from '../../../electron/contract/dect'
import { chooseMapping, defaultsOf, parseMapFlag } from '../../../electron/cli/batch-mapping'
import { findListedBatch, freeBatchName } from '../../../electron/cli/batch-names'
import { etaText, plainLines } from '../../../electron/cli/push-progress'
import { thrown } from './run-cli'

// The batch commands' small parts, in-process; batch.test.ts runs the commands whole.


const summary = (name: string, id = name.toLowerCase().replace(/\W/g, '-')): BatchSummary => ({
  id,
  name,
  source: `${name}.csv`,
  status: 'draft',
  targetProfileId: null,
  updatedAt: '2025-06-02T10:00:00.000Z',
  counts: { rows: 3, withErrors: 0, created: 0, matched: 0, failed: 0, pending: 3 },
  state: batchStateOfTallies('draft', { created: 0, matched: 0, failed: 0, pending: 3, withErrors: 0 }, { enrolled: 0, matched: 0, failed: 0, pending: 0, withErrors: 0 }),
})

describe('the column mapping of `batch import`', () => {
  const headers = ['MAC', 'Name', 'Device', 'Notes']
  const guessed = { MAC: 'mac', Name: 'name', Device: 'ignore', Notes: 'ignore' } as const

  it('a flag gives a column its field, taking the field from the column the guess gave it to', () => {
    const { mapping } = chooseMapping(headers, guessed, { flags: [parseMapFlag('mac=device'), parseMapFlag('ignore=Name')] })
    expect(mapping).toEqual({ MAC: 'ignore', Name: 'ignore', Device: 'mac', Notes: 'ignore' })
  })

  it('a mapping file decides the headers it names; the headers the file lacks are answered', () => {
    const { mapping, unused } = chooseMapping(headers, guessed, { file: { Notes: 'name', Serial: 'mac' }, flags: [] })
    expect(mapping).toEqual({ MAC: 'mac', Name: 'ignore', Device: 'ignore', Notes: 'name' })
    expect(unused).toEqual(['Serial'])
    expect(thrown(() => chooseMapping(headers, guessed, { file: { MAC: 'mac', Device: 'mac' }, flags: [] })).message).toMatch(
      /columns "MAC" and "Device" are both mapped to mac/,
    )
  })

  it('bad flags are bad usage that says what to write', () => {
    expect(thrown(() => parseMapFlag('colour=Slot')).exitCode).toBe(2)
    expect(parseMapFlag('handset-index=Slot')).toEqual(['handset_index', 'Slot'])
    expect(thrown(() => parseMapFlag('=Name')).message).toMatch(/is not a field/)
    expect(thrown(() => chooseMapping(headers, guessed, { flags: [['mac', 'MAC'], ['mac', 'Device']] })).message).toMatch(/mac is given twice/)
  })

  it('defaults from options: friendly spellings of the enums, codecs as a list, booleans only when given', () => {
    expect(defaultsOf({ vendor: ' Yealink ', language: 'german', interface: 'public-ipv4', transport: 'tls', codecs: 'G722, PCMA,' })).toEqual({
      vendor: 'Yealink',
      language: 'GERMAN',
      interface: 'PUBLIC_IPV4',
      preferred_transport: 'TLS',
      codecs: ['G722', 'PCMA'],
    })
    expect(defaultsOf({ https: false })).toEqual({ https: false })
    expect(thrown(() => defaultsOf({ transport: 'carrier pigeon' })).message).toMatch(/^--transport: /)
  })
})

describe('batch names', () => {
  const batches = [summary('Site A'), summary('Site B'), summary('twin', 'twin-1'), summary('twin', 'twin-2')]

  const findBatch = (list: BatchSummary[], name: string) => findListedBatch(list, [], name).batch!

  it('by id, by name, by name in any case; ambiguous and unknown names list the candidates', () => {
    expect(findBatch(batches, 'site-a').name).toBe('Site A')
    expect(findBatch(batches, 'site b').id).toBe('site-b')
    expect(findBatch(batches, 'twin-2').id).toBe('twin-2')
    expect(thrown(() => findBatch(batches, 'twin')).message).toMatch(/"twin" names 2 batches: "twin" \(id twin-1, 3 rows, draft\), "twin" \(id twin-2/)
    expect(thrown(() => findBatch(batches, 'site')).message).toMatch(/No batch is named "site"\. Did you mean "Site A", "Site B"\?/)
    expect(thrown(() => findBatch([], 'x')).message).toMatch(/There is no batch yet/)
  })

  // issue 39: every name `batch list` prints reaches its batch, a damaged file's too
  it('a damaged file by the name still read in it, or by its id; with a batch of its name it is ambiguous', () => {
    const damaged = (id: string, name?: string): DamagedBatch => ({
      id,
      fileName: `${id}.json`,
      path: `/data/batches/${id}.json`,
      part: 'file',
      reason: 'it is cut short',
      ...(name === undefined ? {} : { name }),
      readable: { rows: 2, handsets: 0 },
      bytes: 100,
      modifiedAt: '2025-06-02T10:00:00.000Z',
    })
    const files = [damaged('broken-1', 'Broken'), damaged('nameless'), damaged('twin-3', 'twin')]
    expect(findListedBatch(batches, files, 'broken').damaged?.id).toBe('broken-1')
    expect(findListedBatch(batches, files, 'nameless').damaged?.id).toBe('nameless')
    expect(findListedBatch(batches, files, 'site-a').batch?.name).toBe('Site A')
    expect(thrown(() => findListedBatch(batches, files, 'twin')).message).toMatch(/"twin" names 3 batches: .*"twin" \(id twin-3, damaged\)\. Name one by its id\./)
    expect(thrown(() => findListedBatch([], files, 'brok')).message).toMatch(/No batch is named "brok"\. Did you mean "Broken"\?/)
    expect(thrown(() => findListedBatch([], files, 'zzz')).message).toMatch(/Batches: "Broken", "nameless", "twin"\./)
  })

  it('a free name for a file imported again', () => {
    expect(freeBatchName(batches, 'Site C')).toBe('Site C')
    expect(freeBatchName(batches, 'site a')).toBe('site a 2')
    expect(freeBatchName([...batches, summary('Site A 2')], 'Site A')).toBe('Site A 3')
  })
})

describe('the plain progress lines', () => {
  const progress = (done: number): PushProgress => ({
    batchId: 'b',
    status: 'pushing',
    running: true,
    total: 200,
    done,
    created: done,
    matched: 0,
    failed: 0,
    pending: 200 - done,
    withErrors: 0,
    startedAt: null,
    etaMs: null,
    state: batchStateOfTallies('pushing', { created: done, matched: 0, failed: 0, pending: 200 - done, withErrors: 0 }, { enrolled: 0, matched: 0, failed: 0, pending: 0, withErrors: 0 }),
  })

  it('one at the start, then one per tenth of the rows or per second with rows done', () => {
    let now = 0
    const lines: string[] = []
    const view = plainLines((text) => lines.push(text), () => now)
    for (const done of [0, 0, 5, 19, 20, 21, 39]) view.show(progress(done))
    now = 1500
    view.show(progress(39))
    view.show(progress(40))
    now = 1600
    view.show(progress(45))
    now = 2700
    view.show(progress(47))
    expect(lines).toEqual([
      'pushed 0 of 200 (created 0, matched 0, failed 0)',
      'pushed 20 of 200 (created 20, matched 0, failed 0)',
      'pushed 39 of 200 (created 39, matched 0, failed 0)',
      'pushed 40 of 200 (created 40, matched 0, failed 0)',
      'pushed 47 of 200 (created 47, matched 0, failed 0)',
    ])
  })

  it('the time left in words', () => {
    expect(etaText(null)).toBe('')
    expect(etaText(12_400)).toBe('12s')
    expect(etaText(65_000)).toBe('1m 05s')
  })
})

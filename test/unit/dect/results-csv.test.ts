import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import type { Batch } from '../../../electron/contract/dect'
import { resultsCsv } from '../../../electron/services/dect/results-csv'

const URL_A = 'https://pbx.demo.example/dect/demo.pbx.example/805EC0000001.xml'

/** two bases (one pushed, one kept out by an error) and four handsets in every state */
const batch: Batch = {
  version: 1,
  id: 'b1',
  name: 'Site A / Haus 2',
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  source: 'handsets.csv',
  targetProfileId: 'p1',
  defaults: {},
  rows: [
    { id: 'r1', row: 1, values: { mac: '805EC0000001', name: 'Empfang', extension: '100' }, problems: [], outcome: { state: 'created', phoneId: 'dect-7', url: URL_A } },
    {
      id: 'r2',
      row: 3,
      values: { mac: '805EC00000', name: 'Lager' },
      problems: [{ field: 'mac', message: 'MAC 805EC00000 has 10 of 12 hex digits', severity: 'error' }],
      outcome: { state: 'pending' },
    },
  ],
  handsets: [
    // placed on its base by the push: the outcome's base and index, not the cells'
    { id: 'h1', row: 1, values: { ipui: '00092263DD', extension: '1101', name: 'Anna Becker' }, problems: [], outcome: { state: 'enrolled', baseMac: '805EC0000001', handsetIndex: 2 } },
    { id: 'h2', row: 2, values: { ipui: '00092263DF', extension: '1102', base_mac: '805EC0000001', handset_index: '3' }, problems: [], outcome: { state: 'matched', baseMac: '805EC0000001', handsetIndex: 3 } },
    {
      id: 'h3',
      row: 3,
      values: { ipui: '0014601565781', extension: '1103', base_mac: '805EC0000002', name: 'Clara Becker' },
      problems: [{ field: 'ipui', message: 'IPEI 0014601565781: check digit should be *', severity: 'error' }],
      outcome: { state: 'pending' },
    },
    {
      id: 'h4',
      row: 4,
      values: { ipui: '00092263E0', extension: '1104', base_mac: '805EC0000001', handset_index: '4', name: 'David, "Dave"' },
      problems: [],
      outcome: { state: 'failed', error: 'extension 1104: no user on the PBX has it' },
    },
  ],
  status: 'partly_failed',
  concurrency: 4,
}

describe('the results CSV', () => {
  const { fileName, csv } = resultsCsv(batch)
  const lines = csv.split('\r\n')

  it('has the kind first and the handset columns last, a line per base then per handset, CRLF', () => {
    expect(lines[0]).toBe('kind,row,mac,name,extension,id,url,state,outcome,error,ipui,base_mac,handset_index')
    expect(lines.slice(1)).toEqual([
      `base,1,805EC0000001,Empfang,100,dect-7,${URL_A},done,created,,,,`,
      'base,3,805EC00000,Lager,,,,not_sent,not pushed (errors),,,,',
      'handset,1,,Anna Becker,1101,,,done,enrolled,,00092263DD,805EC0000001,2',
      'handset,2,,,1102,,,done,matched,,00092263DF,805EC0000001,3',
      'handset,3,,Clara Becker,1103,,,not_sent,not pushed (errors),,0014601565781,805EC0000002,',
      'handset,4,,"David, ""Dave""",1104,,,failed,failed,extension 1104: no user on the PBX has it,00092263E0,805EC0000001,4',
      '',
    ])
    expect(fileName).toBe('Site-A-Haus-2-results.csv')
  })

  it('reads back column by column', () => {
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true })
    expect(parsed.errors).toEqual([])
    expect(parsed.data.map((r) => r.kind)).toEqual(['base', 'base', 'handset', 'handset', 'handset', 'handset'])
    expect(parsed.data[5]).toEqual({
      kind: 'handset',
      row: '4',
      mac: '',
      name: 'David, "Dave"',
      extension: '1104',
      id: '',
      url: '',
      state: 'failed',
      outcome: 'failed',
      error: 'extension 1104: no user on the PBX has it',
      ipui: '00092263E0',
      base_mac: '805EC0000001',
      handset_index: '4',
    })
  })

  it('a batch without handsets has base lines alone', () => {
    const bases = resultsCsv({ ...batch, handsets: [] }).csv.trim().split('\r\n')
    expect(bases).toHaveLength(3)
    expect(bases.every((line, i) => i === 0 || line.startsWith('base,'))).toBe(true)
  })
})

describe('the results CSV and formulas (CSV injection)', () => {
  const hostile: Batch = {
    ...batch,
    rows: [
      { id: 'r1', row: 1, values: { mac: '805EC0000001', name: '=1+2', extension: '+49 30 1234' }, problems: [], outcome: { state: 'failed', error: '-1 is no extension' } },
      { id: 'r2', row: 2, values: { mac: '805EC0000002', name: '@SUM(A1)' }, problems: [], outcome: { state: 'created', phoneId: 'dect-8' } },
      { id: 'r3', row: 3, values: { mac: '805EC0000003', name: '=HYPERLINK("https://evil.example")\nsecond line' }, problems: [], outcome: { state: 'pending' } },
      { id: 'r4', row: 4, values: { mac: '805EC0000004', name: '\t=cmd', extension: '100' }, problems: [], outcome: { state: 'pending' } },
      { id: 'r5', row: 5, values: { mac: '805EC0000005', name: 'a=b, c-d @e', extension: '101' }, problems: [], outcome: { state: 'pending' } },
    ],
    handsets: [{ id: 'h1', row: 1, values: { ipui: '00092263DD', extension: '-1101', name: '+Anna' }, problems: [], outcome: { state: 'pending' } }],
  }
  const parsed = Papa.parse<Record<string, string>>(resultsCsv(hostile).csv, { header: true, skipEmptyLines: true })

  it('starts a cell that begins with = + - @ or a tab with a \', so a spreadsheet reads it as text', () => {
    expect(parsed.errors).toEqual([])
    expect(parsed.data.map((r) => r.name)).toEqual([
      "'=1+2",
      "'@SUM(A1)",
      '\'=HYPERLINK("https://evil.example")\nsecond line',
      "'\t=cmd",
      'a=b, c-d @e',
      "'+Anna",
    ])
    expect(parsed.data.map((r) => r.extension)).toEqual(["'+49 30 1234", '', '', '100', '101', "'-1101"])
    expect(parsed.data[0]?.error).toBe("'-1 is no extension")
  })

  it('leaves numbers and the other cells as they are', () => {
    expect(parsed.data.map((r) => r.row)).toEqual(['1', '2', '3', '4', '5', '1'])
    expect(parsed.data.map((r) => r.mac)).toEqual(['805EC0000001', '805EC0000002', '805EC0000003', '805EC0000004', '805EC0000005', ''])
    expect(parsed.data[1]?.id).toBe('dect-8')
  })
})

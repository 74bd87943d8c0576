/**
 * What the layout audit (layout-audit.ts) still finds on today's code, screen by screen: each entry
 * is the start of a finding's words (`<size> <check>: <element>`), to be fixed (issue 42). The
 * audit fails on a finding listed nowhere, and on an entry it no longer finds.
 */
export const LAYOUT_KNOWN: Record<string, readonly string[]> = {
  // the spreadsheet's columns, each with its field to choose, scroll sideways: the last is cut at the table's edge
  'DECT: new batch, the column mapping': ['1024×700 clipped: th "Modell"'],
  'DECT: a spreadsheet added to a batch, its columns': [
    '1024×700 clipped: th "Sprache"',
    '1024×700 clipped: td "Deutsch"',
    '1024×700 clipped: td "Englisch"',
    '1024×700 clipped: td "Französisch"',
    '1280×800 clipped: th "Sprache"',
    '1280×800 clipped: td "Deutsch"',
    '1280×800 clipped: td "Englisch"',
    '1280×800 clipped: td "Französisch"',
  ],
}

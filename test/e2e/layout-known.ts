/**
 * What the layout audit (layout-audit.ts) still finds on today's code, screen by screen: each entry
 * is the start of a finding's words (`<size> <check>: <element>`), to be fixed (issue 42). The
 * audit fails on a finding listed nowhere, and on an entry it no longer finds.
 */
export const LAYOUT_KNOWN: Record<string, readonly string[]> = {
  'DECT: the batches': ['1024×700 row line: tr.n-data-table-tr', '1280×800 row line: tr.n-data-table-tr'],
  'DECT: the QR codes after a push': ['1024×700 broken word: p.dect-qr-walk__url', '1280×800 broken word: p.dect-qr-walk__url'],
  'DECT: the phones on the PBX': ['1024×700 clipped: span.n-ellipsis', '1280×800 clipped: span.n-ellipsis'],
  'DECT: a phone on the PBX, opened': [
    '1024×700 clipped: span.n-ellipsis',
    '1024×700 broken word: th.n-descriptions-table-header "Provisioning URL"',
    '1024×700 broken word: span.dect-phones__url',
    '1280×800 clipped: span.n-ellipsis',
    '1280×800 broken word: th.n-descriptions-table-header "Provisioning URL"',
    '1280×800 broken word: span.dect-phones__url',
  ],
  'Outbound rules: a number tested': [
    '1024×700 clipped: span.number-test-verdicts__name',
    '1280×800 clipped: span.number-test-verdicts__name',
  ],
}

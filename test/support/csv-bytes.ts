/**
 * A spreadsheet written in a test, as the Bridge takes it: its UTF-8 bytes in base64 (previewCsv
 * and createBatchFromCsv take bytes only, decoded in main the way a dropped file is).
 */
export const csvBytes = (text: string): string => Buffer.from(text, 'utf8').toString('base64')

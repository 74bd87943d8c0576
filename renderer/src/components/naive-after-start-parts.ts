/**
 * The Naive UI components the first screen shows only after its first paint: a chunk of their own
 * (naive-after-start.ts loads it), not in the JavaScript a start loads.
 */
export { NInput, NTooltip } from 'naive-ui'

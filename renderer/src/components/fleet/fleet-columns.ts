import type { FleetRow, FleetFilters, FleetSort, FleetSortKey } from '@renderer/lib/fleet-rows'
import {
  ACCESS_WORDS,
  accessText,
  certificateText,
  certificateEnd,
  figureText,
  lastBatchText,
  NO_GROUP,
  notificationsText,
  reachText,
  type FleetAccess,
} from '@renderer/lib/fleet-text'
import { FLEET_ACCESS, type FleetFigure } from '@contract/fleet'
import { FLEET_COLUMN_KEYS, FLEET_COLUMN_TITLES, type FleetColumnKey } from '@renderer/lib/fleet-column-choice'
import { fitColumns, type FitColumn } from '@renderer/lib/column-fit'
import { foldedTitled } from '@renderer/composables/fitted-columns'
import type { DataTableBaseColumn, DataTableColumns } from 'naive-ui'
import { h } from 'vue'
import { TagChips } from '@renderer/components/common/tag-chips'
import FleetAgeCell from './FleetAgeCell.vue'
import FleetNameCell from './FleetNameCell.vue'
import FleetRowActions from './FleetRowActions.vue'
import FleetWarningsCell from './FleetWarningsCell.vue'
import FleetWordCell from './FleetWordCell.vue'

/**
 * The fleet table's columns: what each cell shows (the words of lib/fleet-text.ts), which columns
 * sort (all of them but the actions) and filter (group, tags, access, warnings), and which of the
 * optional ones show (the user's choice, in the order of lib/fleet-column-choice.ts). The table
 * sorts and filters nothing itself (`remote`): the fleet store orders the rows; a header click asks
 * for an order, a filter menu for values. Each sortable title is a button, so the keyboard sorts too.
 * The chosen columns that do not fit the table's width fold under the PBX's name, in their order,
 * each with its title (lib/column-fit.ts); the PBX, its warnings and its actions always show.
 */
export type FleetColumnContext = {
  /** read while a cell renders, so a moving clock re-renders the cells, not the columns */
  now: () => number
  opening: () => string | null
  savingFavourite: () => readonly string[]
  sort: FleetSort | null
  filters: FleetFilters
  groups: readonly string[]
  tags: readonly string[]
  /** the optional columns the user shows (the PBX and the actions always show) */
  shown: readonly FleetColumnKey[]
  /** px the table has: the chosen columns past it fold under the PBX's name */
  width: number
  onOpen: (row: FleetRow) => void
  onSignIn: (row: FleetRow) => void
  onToggleFavourite: (row: FleetRow) => void
}

const ORDER_WORDS = { ascend: 'ascending', descend: 'descending' } as const

/** A column title that sorts: a button (its click reaches the header cell, which sorts). */
function sortTitle(title: string, key: FleetSortKey, sort: FleetSort | null) {
  const now = sort?.key === key ? `, sorted ${ORDER_WORDS[sort.order]}` : ''
  return () => h('button', { type: 'button', class: 'fleet-table__sort', 'aria-label': `${title}${now}: sort` }, title)
}

function sortable(title: string, key: FleetSortKey, sort: FleetSort | null) {
  return {
    key,
    title: sortTitle(title, key, sort),
    sorter: true,
    sortOrder: sort?.key === key ? sort.order : (false as const),
  }
}

const figureCell = (figure: FleetFigure | undefined, access: FleetAccess | undefined) => {
  const words = figureText(figure, access)
  return h(FleetWordCell, { text: words.text, title: words.title })
}

/**
 * Whether a column's cell says nothing for the row: a figure not read (yet, or until the user
 * signs in: its cell is blank, why in its title), no tenant, group, tags or batch. Folded under
 * the name, such a column is left out, its title with it (foldedTitled), as its cell is blank.
 */
function saysNothing(key: FleetColumnKey, row: FleetRow): boolean {
  const { entry } = row
  switch (key) {
    case 'dectBases':
    case 'handsets':
    case 'outboundRules':
    case 'ivrServers':
      return figureText(entry.counts[key], entry.access).text === ''
    case 'notifications':
      return notificationsText(entry.notifications, entry.access).text === ''
    case 'tenant':
      return !entry.tenant
    case 'lastBatch':
      return entry.lastBatch === undefined
    case 'group':
      return row.group === ''
    case 'tags':
      return row.tags.length === 0
    default:
      return false
  }
}

/** px: the PBX's column, pinned left, and the actions', pinned right */
const PBX_WIDTH = 170
const ACTIONS_WIDTH = 150

export function fleetColumns(ctx: FleetColumnContext): DataTableColumns<FleetRow> {
  const { sort, filters } = ctx
  const titled = (key: FleetColumnKey) => sortable(FLEET_COLUMN_TITLES[key], key, sort)
  const count = (key: 'dectBases' | 'handsets' | 'outboundRules' | 'ivrServers', width: number) => ({
    ...titled(key),
    width,
    align: 'right' as const,
    render: (row: FleetRow) => figureCell(row.entry.counts[key], row.entry.access),
  })
  // The widths are those of the longest word each column shows in DejaVu Sans (the widest font the
  // app meets: Debian's), its header's two lines included ("Outbound / rules"), so that the default
  // columns fit beside the sidebar at 1280 px (lib/fleet-column-choice.ts).
  const optional: Record<FleetColumnKey, DataTableBaseColumn<FleetRow>> = {
    reach: {
      ...titled('reach'),
      width: 160,
      render: (row) =>
        h(FleetWordCell, {
          text: reachText(row.entry.reach, row.entry.rttMs),
          tone: row.entry.reach !== undefined && row.entry.reach !== 'reachable' ? 'error' : undefined,
        }),
    },
    warnings: {
      ...titled('warnings'),
      width: 136,
      filter: true,
      filterMultiple: true,
      filterOptions: [
        { label: 'with warnings', value: 'with' },
        { label: 'without warnings', value: 'without' },
      ],
      filterOptionValues: filters.warnings,
      render: (row) => h(FleetWarningsCell, { warnings: row.entry.warnings }),
    },
    access: {
      ...titled('access'),
      width: 130,
      filter: true,
      filterMultiple: true,
      filterOptions: [
        ...FLEET_ACCESS.map((access: FleetAccess) => ({ label: ACCESS_WORDS[access].text, value: access })),
        { label: 'not read yet', value: 'unread' },
      ],
      filterOptionValues: filters.access,
      render: (row) => {
        const words = accessText(row.entry.access)
        return h(FleetWordCell, { text: words.text, title: words.title })
      },
    },
    dectBases: count('dectBases', 86),
    handsets: count('handsets', 102),
    outboundRules: count('outboundRules', 106),
    ivrServers: count('ivrServers', 90),
    checkedAt: {
      ...titled('checkedAt'),
      width: 112,
      render: (row) => h(FleetAgeCell, { checkedAt: row.entry.checkedAt, refreshing: row.entry.refreshing, now: ctx.now() }),
    },
    certificate: {
      ...titled('certificate'),
      width: 200,
      render: (row) => {
        const { certificate, certificateValidTo } = row.entry
        const words = certificateText(certificate, certificateValidTo, ctx.now())
        const end = certificate === 'http' ? null : certificateEnd(certificateValidTo, ctx.now())
        const tone = certificate === 'changed' || certificate === 'untrusted' || end === 'expired' ? 'error' : end === 'expiring' ? 'warning' : undefined
        return h(FleetWordCell, { text: words.text, title: words.title, tone })
      },
    },
    tenant: { ...titled('tenant'), width: 150, render: (row) => row.entry.tenant ?? '' },
    notifications: {
      ...titled('notifications'),
      width: 120,
      render: (row) => {
        const words = notificationsText(row.entry.notifications, row.entry.access)
        return h(FleetWordCell, { text: words.text, title: words.title, tone: row.entry.notifications === 'no_recipients' ? 'warning' : undefined })
      },
    },
    lastBatch: {
      ...titled('lastBatch'),
      width: 220,
      render: (row) => {
        const batch = row.entry.lastBatch
        return batch ? h('span', { title: new Date(batch.at).toLocaleString() }, lastBatchText(batch, ctx.now())) : ''
      },
    },
    group: {
      ...titled('group'),
      width: 130,
      filter: true,
      filterMultiple: true,
      filterOptions: [{ label: NO_GROUP, value: '' }, ...ctx.groups.map((group) => ({ label: group, value: group }))],
      filterOptionValues: filters.groups,
      render: (row) => row.group,
    },
    tags: {
      ...titled('tags'),
      width: 160,
      filter: true,
      filterMultiple: true,
      filterOptions: ctx.tags.map((tag) => ({ label: tag, value: tag })),
      filterOptionValues: filters.tags,
      render: (row) => h(TagChips, { tags: row.tags }),
    },
  }
  const chosen = FLEET_COLUMN_KEYS.filter((key) => ctx.shown.includes(key))
  // the warnings say whether a PBX wants a look: they never fold; the others in the table's order
  const fit = fitColumns(
    [
      { key: 'label', width: PBX_WIDTH, priority: 'key' },
      ...chosen.map((key, at): FitColumn => ({ key, width: optional[key].width as number, priority: key === 'warnings' ? 'key' : at + 1 })),
      { key: 'actions', width: ACTIONS_WIDTH, priority: 'key' },
    ],
    ctx.width,
  )
  const folded = chosen.filter((key) => fit.folded.includes(key))
  const unfolded = chosen.filter((key) => !fit.folded.includes(key))
  // the PBX's column takes the width the folded ones leave, for their line under the name
  const spare = ctx.width - fit.width
  const nameCell = (row: FleetRow) =>
    h(FleetNameCell, { row, busy: ctx.savingFavourite().includes(row.profileId), onToggleFavourite: () => ctx.onToggleFavourite(row) })
  return [
    {
      ...sortable('PBX', 'label', sort),
      fixed: 'left',
      width: folded.length > 0 ? PBX_WIDTH + Math.max(0, spare) : PBX_WIDTH,
      render: (row, index) =>
        folded.length === 0
          ? nameCell(row)
          : h('div', { class: 'fleet-table__named' }, [
              nameCell(row),
              foldedTitled(folded.map((key) => ({ title: FLEET_COLUMN_TITLES[key], value: saysNothing(key, row) ? null : optional[key].render!(row, index) }))),
            ]),
    },
    ...unfolded.map((key) => optional[key]),
    {
      key: 'actions',
      title: 'Actions',
      fixed: 'right',
      width: ACTIONS_WIDTH,
      render: (row) =>
        h(FleetRowActions, {
          row,
          opening: ctx.opening() === row.profileId,
          onOpen: () => ctx.onOpen(row),
          onSignIn: () => ctx.onSignIn(row),
        }),
    },
  ]
}

/** The table's width: its columns' widths added up. */
export function columnsWidth(columns: DataTableColumns<FleetRow>): number {
  return columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 0), 0)
}

/** The widths of the columns pinned left and right: what hides the scrolling columns under them. */
export function pinnedWidths(columns: DataTableColumns<FleetRow>): { left: number; right: number } {
  const width = (side: 'left' | 'right') => columnsWidth(columns.filter((column) => 'fixed' in column && column.fixed === side))
  return { left: width('left'), right: width('right') }
}

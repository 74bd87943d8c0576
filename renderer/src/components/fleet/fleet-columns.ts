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
import type { DataTableColumns } from 'naive-ui'
import { h } from 'vue'
import { TagChips } from '@renderer/components/common/tag-chips'
import FleetAgeCell from './FleetAgeCell.vue'
import FleetNameCell from './FleetNameCell.vue'
import FleetRowActions from './FleetRowActions.vue'
import FleetWarningTags from './FleetWarningTags.vue'
import FleetWordCell from './FleetWordCell.vue'

/**
 * The fleet table's columns: what each cell shows (the words of lib/fleet-text.ts), which columns
 * sort (all of them but the actions) and filter (group, tags, access, warnings). The table sorts
 * and filters nothing itself (`remote`): the fleet store orders the rows; a header click asks for
 * an order, a filter menu for values. Each sortable title is a button, so the keyboard sorts too.
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

export function fleetColumns(ctx: FleetColumnContext): DataTableColumns<FleetRow> {
  const { sort, filters } = ctx
  const count = (title: string, key: 'dectBases' | 'handsets' | 'outboundRules' | 'ivrServers') => ({
    ...sortable(title, key, sort),
    width: 104,
    align: 'right' as const,
    render: (row: FleetRow) => figureCell(row.entry.counts[key], row.entry.access),
  })
  return [
    {
      ...sortable('PBX', 'label', sort),
      fixed: 'left',
      width: 250,
      render: (row) =>
        h(FleetNameCell, { row, busy: ctx.savingFavourite().includes(row.profileId), onToggleFavourite: () => ctx.onToggleFavourite(row) }),
    },
    // Reached and the warnings come right after the PBX: at the window's default width (1280 px)
    // both are seen whole between the pinned PBX and Actions columns, without scrolling. Group and
    // tags, which the filters above the table also offer, follow them.
    {
      ...sortable('Reached', 'reach', sort),
      width: 160,
      render: (row) =>
        h(FleetWordCell, {
          text: reachText(row.entry.reach, row.entry.rttMs),
          tone: row.entry.reach !== undefined && row.entry.reach !== 'reachable' ? 'error' : undefined,
        }),
    },
    {
      ...sortable('Warnings', 'warnings', sort),
      width: 280,
      filter: true,
      filterMultiple: true,
      filterOptions: [
        { label: 'with warnings', value: 'with' },
        { label: 'without warnings', value: 'without' },
      ],
      filterOptionValues: filters.warnings,
      render: (row) => h(FleetWarningTags, { warnings: row.entry.warnings }),
    },
    {
      ...sortable('Group', 'group', sort),
      width: 130,
      filter: true,
      filterMultiple: true,
      filterOptions: [{ label: NO_GROUP, value: '' }, ...ctx.groups.map((group) => ({ label: group, value: group }))],
      filterOptionValues: filters.groups,
      render: (row) => row.group,
    },
    {
      ...sortable('Tags', 'tags', sort),
      width: 160,
      filter: true,
      filterMultiple: true,
      filterOptions: ctx.tags.map((tag) => ({ label: tag, value: tag })),
      filterOptionValues: filters.tags,
      render: (row) => h(TagChips, { tags: row.tags }),
    },
    {
      ...sortable('Certificate', 'certificate', sort),
      width: 200,
      render: (row) => {
        const { certificate, certificateValidTo } = row.entry
        const words = certificateText(certificate, certificateValidTo, ctx.now())
        const end = certificate === 'http' ? null : certificateEnd(certificateValidTo, ctx.now())
        const tone = certificate === 'changed' || certificate === 'untrusted' || end === 'expired' ? 'error' : end === 'expiring' ? 'warning' : undefined
        return h(FleetWordCell, { text: words.text, title: words.title, tone })
      },
    },
    {
      ...sortable('Access', 'access', sort),
      width: 150,
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
    { ...sortable('Tenant', 'tenant', sort), width: 150, render: (row) => row.entry.tenant ?? '' },
    count('DECT bases', 'dectBases'),
    count('Handsets', 'handsets'),
    count('Outbound rules', 'outboundRules'),
    count('IVR servers', 'ivrServers'),
    {
      ...sortable('Alert emails', 'notifications', sort),
      width: 120,
      render: (row) => {
        const words = notificationsText(row.entry.notifications, row.entry.access)
        return h(FleetWordCell, { text: words.text, title: words.title, tone: row.entry.notifications === 'no_recipients' ? 'warning' : undefined })
      },
    },
    {
      ...sortable('Last batch', 'lastBatch', sort),
      width: 220,
      render: (row) => {
        const batch = row.entry.lastBatch
        return batch ? h('span', { title: new Date(batch.at).toLocaleString() }, lastBatchText(batch, ctx.now())) : ''
      },
    },
    {
      ...sortable('Figures', 'checkedAt', sort),
      width: 140,
      render: (row) => h(FleetAgeCell, { checkedAt: row.entry.checkedAt, refreshing: row.entry.refreshing, now: ctx.now() }),
    },
    {
      key: 'actions',
      title: 'Actions',
      fixed: 'right',
      width: 160,
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

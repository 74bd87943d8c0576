import { h, type FunctionalComponent } from 'vue'
import './tag-chips.css'

/**
 * A saved PBX's tags as the tables show them (the PBX list and the fleet alike): small filled
 * chips of plain text, wrapping, a long one cut to its column (whole in its title). Plain
 * elements, not NTag: a reseller's list has a tag or two on most of its hundreds of rows, and each
 * NTag merges its theme as it mounts (issue 17).
 */
export const TagChips: FunctionalComponent<{ tags: readonly string[] }> = ({ tags }) =>
  h(
    'span',
    { class: 'tag-chips' },
    tags.map((tag) => h('span', { class: 'tag-chip', key: tag, title: tag }, tag)),
  )
TagChips.props = ['tags']

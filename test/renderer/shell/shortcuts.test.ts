import { MENU_AREA_TITLES, MENU_AREAS, MENU_COMMANDS } from '@contract/menu-commands'
import { AREAS } from '@renderer/areas'
import { commandForKey, isMac, SHORTCUT_KEYS, shortcutText } from '@renderer/composables/shortcuts'
import { describe, expect, it } from 'vitest'

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
})

describe('keyboard shortcuts (Mod = Cmd on macOS, Ctrl elsewhere)', () => {
  it.each([
    ['n', 'new-batch'],
    ['O', 'import-csv'],
    ['k', 'switch-pbx'],
    ['p', 'print-labels'],
    ['r', 'reload'],
    ['1', 'go:pbxs'],
    ['2', 'go:fleet'],
    ['5', 'go:outbound'],
    ['7', 'go:notifications'],
  ])('Ctrl+%s asks for %s on Windows and Linux, Cmd+%s on macOS', (k, command) => {
    expect(commandForKey(key(k, { ctrlKey: true }), false)).toBe(command)
    expect(commandForKey(key(k, { metaKey: true }), true)).toBe(command)
  })

  it('asks nothing of the other modifier, of extra modifiers, of plain keys or of other keys', () => {
    expect(commandForKey(key('k', { metaKey: true }), false)).toBeNull()
    expect(commandForKey(key('k', { ctrlKey: true }), true)).toBeNull()
    expect(commandForKey(key('k', { ctrlKey: true, shiftKey: true }), false)).toBeNull()
    expect(commandForKey(key('k', { ctrlKey: true, altKey: true }), false)).toBeNull()
    expect(commandForKey(key('k', { ctrlKey: true, metaKey: true }), false)).toBeNull()
    expect(commandForKey(key('k'), false)).toBeNull()
    expect(commandForKey(key('s', { ctrlKey: true }), false)).toBeNull()
    expect(commandForKey(key('f', { ctrlKey: true }), false)).toBeNull()
    expect(commandForKey(key('8', { ctrlKey: true }), false)).toBeNull()
  })

  it('covers every command of the menu, plus reload', () => {
    expect(Object.values(SHORTCUT_KEYS).sort()).toEqual([...MENU_COMMANDS, 'reload'].sort())
  })

  it('reads as the OS writes it', () => {
    expect(shortcutText('switch-pbx', false)).toBe('Ctrl+K')
    expect(shortcutText('switch-pbx', true)).toBe('⌘K')
    expect(shortcutText('go:dect', false)).toBe('Ctrl+3')
  })

  it('knows macOS by its platform name', () => {
    expect(isMac('MacIntel')).toBe(true)
    expect(isMac('Linux x86_64')).toBe(false)
    expect(isMac('Win32')).toBe(false)
  })
})

describe('the menu and the sidebar agree', () => {
  it('the Go menu lists the sidebar areas, in its order, with its titles', () => {
    expect([...MENU_AREAS]).toEqual(AREAS.map((area) => area.key))
    expect(MENU_AREAS.map((area) => MENU_AREA_TITLES[area])).toEqual(AREAS.map((area) => area.title))
  })
})

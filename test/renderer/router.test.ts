import { createAppRouter } from '@renderer/router'
import { describe, expect, it } from 'vitest'
import { createMemoryHistory } from 'vue-router'

describe('router', () => {
  it.each([
    ['/', '/pbxs'],
    ['/nowhere', '/pbxs'],
    ['/dect/deeper/still', '/pbxs'],
    ['/dect', '/dect'],
  ])('%s shows %s', async (from, to) => {
    const router = createAppRouter(createMemoryHistory())
    await router.push(from)
    expect(router.currentRoute.value.path).toBe(to)
  })

  it('gives every area route a title and an area key', () => {
    const router = createAppRouter(createMemoryHistory())
    const areas = router.getRoutes().filter((route) => route.meta.area)
    expect(areas.map((route) => [route.path, route.meta.title])).toEqual([
      ['/pbxs', 'PBXs'],
      ['/dect', 'DECT phones'],
      ['/ivr', 'IVR servers'],
      ['/outbound', 'Outbound rules'],
      ['/templates', 'Email templates'],
      ['/notifications', 'Notifications'],
    ])
  })
})

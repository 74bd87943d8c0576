import { createAppRouter } from '@renderer/router'
import { describe, expect, it } from 'vitest'
import { createMemoryHistory } from 'vue-router'

describe('router', () => {
  it.each([
    ['/', '/pbxs'],
    ['/nowhere', '/pbxs'],
    ['/dect/deeper/still', '/pbxs'],
    ['/dect', '/dect'],
    ['/fleet', '/fleet'],
    ['/dect/batches/new', '/dect/batches/new'],
    ['/dect/batches/b-1', '/dect/batches/b-1'],
  ])('%s shows %s', async (from, to) => {
    const router = createAppRouter(createMemoryHistory())
    await router.push(from)
    expect(router.currentRoute.value.path).toBe(to)
  })

  it('gives every area route a title and an area key', () => {
    const router = createAppRouter(createMemoryHistory())
    const routes = router.getRoutes().filter((route) => route.meta.area)
    const areas = routes.filter((route) => route.name === route.meta.area)
    expect(areas.map((route) => [route.path, route.meta.title])).toEqual([
      ['/pbxs', 'PBXs'],
      ['/fleet', 'Fleet'],
      ['/dect', 'DECT phones'],
      ['/ivr', 'IVR servers'],
      ['/outbound', 'Outbound rules'],
      ['/templates', 'Email templates'],
      ['/notifications', 'Notifications'],
    ])
    // the screens inside an area (a batch, a wizard, an editor) belong to it
    const inner = routes.filter((route) => route.name !== route.meta.area)
    expect(inner.map((route) => [route.path, route.meta.title, route.meta.area]).sort()).toEqual([
      ['/dect/batches/:batchId', 'DECT phones', 'dect'],
      ['/dect/batches/new', 'DECT phones', 'dect'],
      ['/fleet/compare', 'Fleet', 'fleet'],
      ['/fleet/history', 'Fleet', 'fleet'],
      ['/fleet/rollout', 'Fleet', 'fleet'],
      ['/ivr/new', 'IVR servers', 'ivr'],
      ['/outbound/rules/:ruleId', 'Outbound rules', 'outbound'],
      ['/outbound/rules/new', 'Outbound rules', 'outbound'],
    ])
  })
})

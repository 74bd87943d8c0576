import type { Component } from 'vue'
import {
  createRouter,
  createWebHashHistory,
  type RouteRecordRaw,
  type RouteRecordSingleView,
  type RouterHistory,
} from 'vue-router'
import { APP_NAME, AREAS, type AreaKey } from './areas'
import PbxsView from './views/PbxsView.vue'

declare module 'vue-router' {
  interface RouteMeta {
    /** the area's title, shown in the header and the window title */
    title?: string
    /** which sidebar entry is current while this route is shown */
    area?: AreaKey
  }
}

// The first screen (PBXs) is in the entry chunk, so it paints without waiting for another file;
// every other view is a chunk of its own, loaded when first opened, with what only it uses (the
// rule editor, the batch table and its QR labels, the fleet's compare and rollout…): a start
// loads and parses only what the first screen needs (issue 17). The router waits for the chunk
// before it changes the route.
const LAZY_VIEWS = {
  fleet: () => import('./views/FleetView.vue'),
  fleetCompare: () => import('./views/FleetCompareView.vue'),
  fleetRollout: () => import('./views/FleetRolloutView.vue'),
  fleetHistory: () => import('./views/FleetHistoryView.vue'),
  dect: () => import('./views/DectView.vue'),
  dectBatchNew: () => import('./views/DectBatchNewView.vue'),
  dectBatch: () => import('./views/DectBatchView.vue'),
  ivr: () => import('./views/IvrView.vue'),
  ivrServerNew: () => import('./views/IvrServerNewView.vue'),
  outbound: () => import('./views/OutboundView.vue'),
  outboundRule: () => import('./views/OutboundRuleView.vue'),
  templates: () => import('./views/TemplatesView.vue'),
  notifications: () => import('./views/NotificationsView.vue'),
} satisfies Record<string, () => Promise<{ default: Component }>>
/** a route's component, or the function that loads it */
type RouteView = RouteRecordSingleView['component']

const VIEWS = {
  pbxs: PbxsView,
  fleet: LAZY_VIEWS.fleet,
  dect: LAZY_VIEWS.dect,
  ivr: LAZY_VIEWS.ivr,
  outbound: LAZY_VIEWS.outbound,
  templates: LAZY_VIEWS.templates,
  notifications: LAZY_VIEWS.notifications,
} satisfies Record<AreaKey, RouteView>

export const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/pbxs' },
  ...AREAS.map(
    (area): RouteRecordRaw => ({
      path: area.path,
      name: area.key,
      component: VIEWS[area.key],
      meta: { title: area.title, area: area.key },
    }),
  ),
  // the fleet's other pages: compare configurations, roll one out, its history
  { path: '/fleet/compare', name: 'fleet-compare', component: LAZY_VIEWS.fleetCompare, meta: { title: 'Fleet', area: 'fleet' } },
  { path: '/fleet/rollout', name: 'fleet-rollout', component: LAZY_VIEWS.fleetRollout, meta: { title: 'Fleet', area: 'fleet' } },
  { path: '/fleet/history', name: 'fleet-history', component: LAZY_VIEWS.fleetHistory, meta: { title: 'Fleet', area: 'fleet' } },
  // DECT batches: the wizard and one batch, both in the DECT area
  {
    path: '/dect/batches/new',
    name: 'dect-batch-new',
    component: LAZY_VIEWS.dectBatchNew,
    meta: { title: 'DECT phones', area: 'dect' },
  },
  {
    path: '/dect/batches/:batchId',
    name: 'dect-batch',
    component: LAZY_VIEWS.dectBatch,
    props: true,
    meta: { title: 'DECT phones', area: 'dect' },
  },
  // IVR servers: the setup wizard of an EXTERNAL server
  {
    path: '/ivr/new',
    name: 'ivr-server-new',
    component: LAZY_VIEWS.ivrServerNew,
    meta: { title: 'IVR servers', area: 'ivr' },
  },
  // outbound rules: the editor of one rule, new or saved
  {
    path: '/outbound/rules/new',
    name: 'outbound-rule-new',
    component: LAZY_VIEWS.outboundRule,
    meta: { title: 'Outbound rules', area: 'outbound' },
  },
  {
    path: '/outbound/rules/:ruleId',
    name: 'outbound-rule',
    component: LAZY_VIEWS.outboundRule,
    props: true,
    meta: { title: 'Outbound rules', area: 'outbound' },
  },
  { path: '/:pathMatch(.*)*', redirect: '/pbxs' },
]

/**
 * The app's router. Hash history by default: the app's scheme answers only the build's own files
 * (electron/services/desktop/renderer-files.ts), so a screen's path lives after the `#` of
 * `app://renderer/index.html`; tests pass a memory history.
 */
export function createAppRouter(history: RouterHistory = createWebHashHistory()) {
  const router = createRouter({ history, routes })
  router.afterEach((to) => {
    document.title = to.meta.title ? `${to.meta.title} · ${APP_NAME}` : APP_NAME
  })
  return router
}

import { createRouter, createWebHashHistory, type RouteRecordRaw, type RouterHistory } from 'vue-router'
import { APP_NAME, AREAS, type AreaKey } from './areas'
import DectBatchNewView from './views/DectBatchNewView.vue'
import DectBatchView from './views/DectBatchView.vue'
import DectView from './views/DectView.vue'
import FleetCompareView from './views/FleetCompareView.vue'
import FleetHistoryView from './views/FleetHistoryView.vue'
import FleetRolloutView from './views/FleetRolloutView.vue'
import FleetView from './views/FleetView.vue'
import IvrServerNewView from './views/IvrServerNewView.vue'
import IvrView from './views/IvrView.vue'
import NotificationsView from './views/NotificationsView.vue'
import OutboundRuleView from './views/OutboundRuleView.vue'
import OutboundView from './views/OutboundView.vue'
import PbxsView from './views/PbxsView.vue'
import TemplatesView from './views/TemplatesView.vue'

declare module 'vue-router' {
  interface RouteMeta {
    /** the area's title, shown in the header and the window title */
    title?: string
    /** which sidebar entry is current while this route is shown */
    area?: AreaKey
  }
}

// Views are imported eagerly: they are small, and the app is loaded from local files, so there is
// nothing to gain from splitting them into chunks.
const VIEWS = {
  pbxs: PbxsView,
  fleet: FleetView,
  dect: DectView,
  ivr: IvrView,
  outbound: OutboundView,
  templates: TemplatesView,
  notifications: NotificationsView,
} satisfies Record<AreaKey, RouteRecordRaw['component']>

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
  { path: '/fleet/compare', name: 'fleet-compare', component: FleetCompareView, meta: { title: 'Fleet', area: 'fleet' } },
  { path: '/fleet/rollout', name: 'fleet-rollout', component: FleetRolloutView, meta: { title: 'Fleet', area: 'fleet' } },
  { path: '/fleet/history', name: 'fleet-history', component: FleetHistoryView, meta: { title: 'Fleet', area: 'fleet' } },
  // DECT batches: the wizard and one batch, both in the DECT area
  {
    path: '/dect/batches/new',
    name: 'dect-batch-new',
    component: DectBatchNewView,
    meta: { title: 'DECT phones', area: 'dect' },
  },
  {
    path: '/dect/batches/:batchId',
    name: 'dect-batch',
    component: DectBatchView,
    props: true,
    meta: { title: 'DECT phones', area: 'dect' },
  },
  // IVR servers: the setup wizard of an EXTERNAL server
  {
    path: '/ivr/new',
    name: 'ivr-server-new',
    component: IvrServerNewView,
    meta: { title: 'IVR servers', area: 'ivr' },
  },
  // outbound rules: the editor of one rule, new or saved
  {
    path: '/outbound/rules/new',
    name: 'outbound-rule-new',
    component: OutboundRuleView,
    meta: { title: 'Outbound rules', area: 'outbound' },
  },
  {
    path: '/outbound/rules/:ruleId',
    name: 'outbound-rule',
    component: OutboundRuleView,
    props: true,
    meta: { title: 'Outbound rules', area: 'outbound' },
  },
  { path: '/:pathMatch(.*)*', redirect: '/pbxs' },
]

/**
 * The app's router. Hash history by default, since the shipped app is loaded from a file;
 * tests pass a memory history.
 */
export function createAppRouter(history: RouterHistory = createWebHashHistory()) {
  const router = createRouter({ history, routes })
  router.afterEach((to) => {
    document.title = to.meta.title ? `${to.meta.title} · ${APP_NAME}` : APP_NAME
  })
  return router
}

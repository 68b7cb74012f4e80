import { type RouteObject, redirect } from 'react-router';
import { lazyLayout, lazyPage } from './lazy-route';
import { InitializingScreen, PageErrorFallback, ShellErrorFallback } from './route-fallbacks';

/**
 * Every screen, each loaded on first visit so the login screen stays light. The router
 * itself (browser or memory) is created by the caller: main.tsx or a test.
 */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    HydrateFallback: InitializingScreen,
    ErrorBoundary: ShellErrorFallback,
    lazy: lazyLayout(() => import('./shell/app-shell').then((m) => m.AppShell)),
    children: [
      {
        // Catches screen failures inside the content area, below the drawer and top bar.
        ErrorBoundary: PageErrorFallback,
        children: [
          {
            index: true,
            lazy: lazyPage(() => import('../features/dashboard').then((m) => m.DashboardPage)),
          },
          {
            path: 'sites',
            lazy: lazyPage(() => import('../features/sites').then((m) => m.SitesPage)),
          },
          {
            path: 'sites/:siteId/content',
            lazy: lazyPage(() => import('../features/sites').then((m) => m.SiteInventoryPage)),
          },
          {
            path: 'config',
            lazy: lazyPage(() => import('../features/blog-configs').then((m) => m.BlogConfigPage)),
          },
          {
            path: 'articles',
            lazy: lazyPage(() => import('../features/articles').then((m) => m.ArticlesPage)),
          },
          {
            path: 'review',
            lazy: lazyPage(() => import('../features/review').then((m) => m.ReviewPage)),
          },
          {
            path: 'calendar',
            lazy: lazyPage(() => import('../features/calendar').then((m) => m.CalendarPage)),
          },
          {
            path: 'manual',
            lazy: lazyPage(() => import('../features/manual-generation').then((m) => m.ManualGenerationPage)),
          },
          {
            path: 'manual-secure',
            lazy: lazyPage(() => import('../features/manual-generation').then((m) => m.SecureManualGenerationPage)),
          },
          {
            // Issue #37 point 2: every job has an address (kinds: JOB_PAGE_KINDS in contracts).
            path: 'jobs/bulk/:jobId',
            lazy: lazyPage(() => import('../features/manual-generation').then((m) => m.BulkJobPage)),
          },
          {
            path: 'jobs/trend/:runId',
            lazy: lazyPage(() => import('../features/trends').then((m) => m.TrendRunPage)),
          },
          {
            path: 'trends',
            lazy: lazyPage(() => import('../features/trends').then((m) => m.TrendMonitorPage)),
          },
          {
            path: 'seo-suite',
            lazy: lazyPage(() => import('../features/seo').then((m) => m.SeoProjectsPage)),
          },
          {
            path: 'seo-suite/wizard',
            lazy: lazyPage(() => import('../features/seo').then((m) => m.SeoWizardPage)),
          },
          {
            path: 'jobs/seo-publish/:runId',
            lazy: lazyPage(() => import('../features/seo').then((m) => m.PublishRunPage)),
          },
          {
            path: 'refresh',
            lazy: lazyPage(() => import('../features/refresh').then((m) => m.RefreshPage)),
          },
          {
            path: 'settings',
            lazy: lazyPage(() => import('../features/settings').then((m) => m.SettingsPage)),
          },
          { path: '*', loader: () => redirect('/') },
        ],
      },
    ],
  },
];

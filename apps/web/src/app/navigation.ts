import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

export interface NavEntry {
  label: string;
  path: string;
  icon: ComponentType<SvgIconProps>;
}

/** The drawer, in spec order; Settings is this product's addition after the spec's seven. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { label: 'Dashboard', path: '/', icon: DashboardOutlined },
  { label: 'WordPress Sites', path: '/sites', icon: LanguageOutlined },
  { label: 'Blog Configuration', path: '/config', icon: TuneOutlined },
  { label: 'Articles', path: '/articles', icon: ArticleOutlined },
  // The Review inbox (issue #33): the drawer shows how many items wait.
  { label: 'Review', path: '/review', icon: InboxOutlined },
  { label: 'Calendar', path: '/calendar', icon: CalendarMonthOutlined },
  { label: 'Manual Generation', path: '/manual', icon: EditNoteOutlined },
  { label: 'Trend Monitor', path: '/trends', icon: TrendingUpOutlined },
  { label: 'Full SEO Suite', path: '/seo-suite', icon: TravelExploreOutlined },
  { label: 'Refresh', path: '/refresh', icon: AutorenewOutlined },
  { label: 'Settings', path: '/settings', icon: SettingsOutlined },
];

/**
 * The entry a path belongs to: an exact match, or a sub-path (/seo-suite/wizard belongs to
 * Full SEO Suite). /manual-secure is not under /manual, so it has no entry.
 */
export function findNavEntry(pathname: string): NavEntry | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return NAV_ENTRIES.find((entry) => entry.path === path || (entry.path !== '/' && path.startsWith(`${entry.path}/`)));
}

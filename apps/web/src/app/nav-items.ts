import { AccountIcon, CommunityIcon, NewsIcon, ReelsIcon, SosIcon, VolunteersIcon, type IconComponent } from '../components/icons';

export interface NavItem {
  /** Key in the `nav` namespace; its English text is the link's accessible name. */
  labelKey: string;
  path: string;
  icon: IconComponent;
  /** Other paths that highlight this item (e.g. /sos for the dashboard). */
  matches?: readonly string[];
  /** Paths whose sub-pages only (not the path itself) highlight this item: /profile/12 is a member's posts, /profile is one's own form. */
  childrenOf?: readonly string[];
}

/** The main navigation, in order. Features add their entry here (Community, Reels… come later). */
export const navItems: readonly NavItem[] = [
  { labelKey: 'sos', path: '/', icon: SosIcon, matches: ['/sos', '/sos-mode'] },
  { labelKey: 'volunteers', path: '/volunteers', icon: VolunteersIcon, matches: ['/volunteers-nearby'] },
  {
    labelKey: 'community',
    path: '/community',
    icon: CommunityIcon,
    matches: ['/comunity-post', '/joined-community', '/community-post', '/my-posts', '/post-notifications'],
    childrenOf: ['/profile'],
  },
  { labelKey: 'reels', path: '/incident-reels', icon: ReelsIcon },
  { labelKey: 'news', path: '/news', icon: NewsIcon, matches: ['/all-news'] },
  { labelKey: 'account', path: '/account', icon: AccountIcon, matches: ['/profile'] },
];

/** The nav item for a path: exact match on '/', prefix match for the others. */
export function activeNavItem(pathname: string, items: readonly NavItem[] = navItems): NavItem | undefined {
  const matchesPath = (candidate: string) => (candidate === '/' ? pathname === '/' : pathname === candidate || pathname.startsWith(`${candidate}/`));
  const isChildOf = (parent: string) => pathname.startsWith(`${parent}/`);
  return items.find((item) => matchesPath(item.path) || (item.matches ?? []).some(matchesPath) || (item.childrenOf ?? []).some(isChildOf));
}

import {
  AccountIcon,
  CommunityIcon,
  NewsIcon,
  PhoneIcon,
  PhoneInTalkIcon,
  ReelsIcon,
  SosIcon,
  VolunteersIcon,
  type IconComponent,
} from '../../components/icons';
import { WalkIcon } from './walk-icon';

/** The signed-in home's shortcuts, in order; texts under `home:shortcuts.<id>`. */
export const SHORTCUTS: readonly {
  id: 'sos' | 'journey' | 'volunteers' | 'community' | 'reels' | 'news' | 'account' | 'readiness' | 'help';
  path: string;
  icon: IconComponent;
}[] = [
  { id: 'sos', path: '/sos', icon: SosIcon },
  { id: 'journey', path: '/journey', icon: WalkIcon },
  { id: 'volunteers', path: '/volunteers', icon: VolunteersIcon },
  { id: 'community', path: '/community', icon: CommunityIcon },
  { id: 'reels', path: '/incident-reels', icon: ReelsIcon },
  { id: 'news', path: '/news', icon: NewsIcon },
  { id: 'account', path: '/account', icon: AccountIcon },
  { id: 'readiness', path: '/test', icon: PhoneInTalkIcon },
  { id: 'help', path: '/help', icon: PhoneIcon },
];

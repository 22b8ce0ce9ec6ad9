import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../entities/session';
import { useUnreadCount } from '../../entities/notifications';
import './notification-bell.css';

/** Material "notifications" icon as bare SVG: the app bar stays free of MUI (DESIGN.md §7). */
function BellIcon() {
  return (
    <svg width={24} height={24} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2m6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1z" />
    </svg>
  );
}

/** The app bar's bell: links to /notifications and shows how many are unread. */
export function NotificationBell() {
  const { t } = useTranslation('dashboard');
  const { isLoggedIn } = useSession();
  const { data: count = 0 } = useUnreadCount();
  if (!isLoggedIn) return null;
  const label = count > 0 ? t('bell.unread', { count }) : t('bell.label');
  return (
    <Link to="/notifications" className="app-bell" aria-label={label} title={label}>
      <BellIcon />
      {count > 0 && (
        <span className="app-bell__badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}

/**
 * Where the top bars put the bell: nothing for a guest, and the bell's code
 * (its own chunk) only once someone is signed in, so guests' pages never
 * download it.
 */
import { lazy, Suspense } from 'react';
import { useAuth } from 'shared-auth';

const NotificationBell = lazy(() => import(/* webpackChunkName: "notification-bell" */ './components/NotificationBell'));

export function NotificationBellSlot({ color }: { color?: 'inherit' | 'default' }) {
  const signedIn = useAuth((s) => s.user !== null);
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <NotificationBell color={color} />
    </Suspense>
  );
}

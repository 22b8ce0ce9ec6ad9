import type { LatLon } from '@saathi/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageLoading } from '../../../components/page-loading';
import { locationStore } from '../../../entities/location';

// The dialog is its own chunk so this route adds almost nothing to the app's route table.
const BusinessCatalogDialog = lazy(() => import('./business-catalog-dialog').then((module) => ({ default: module.BusinessCatalogDialog })));

/**
 * /community/catalog/:userId: a business's catalog on its own route (links shared in chats
 * land here). The reader's position comes from the location store, asking the device when
 * nothing is stored yet; without one the dialog shows 'Enable location to view catalog'.
 */
export function CatalogPage() {
  const { userId } = useParams();
  const navigate = useNavigate();
  const [reader, setReader] = useState<LatLon | null | undefined>(undefined);

  useEffect(() => {
    let active = true;
    const store = locationStore();
    store
      .waitForPosition()
      .then((stored) => stored ?? store.requestPosition())
      .then(
        (position) => active && setReader({ latitude: position.latitude, longitude: position.longitude }),
        () => active && setReader(null),
      );
    return () => {
      active = false;
    };
  }, []);

  const businessUserId = Number(userId);
  const back = () => void navigate('/comunity-post', { replace: true });
  if (!Number.isInteger(businessUserId) || businessUserId <= 0) return <Navigate to="/comunity-post" replace />;
  if (reader === undefined) return <PageLoading />;
  return (
    <Suspense fallback={<PageLoading />}>
      <BusinessCatalogDialog open businessUserId={businessUserId} readerLocation={reader} onClose={back} />
    </Suspense>
  );
}

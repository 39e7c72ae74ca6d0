import { useSession } from '../../lib/session.ts';
import { AdminDashboard } from './admin-dashboard.tsx';
import { CarrierDashboard } from './carrier-dashboard.tsx';
import { ShipperDashboard } from './shipper-dashboard.tsx';
import { PageTitle } from '../../components/layout/page.tsx';

/**
 * `/dashboard`: each user type's own figures. Shippers (types 3, 4): freight and master data for the
 * selected period and plant; carriers (2): auctions, bids and orders to serve; the admin (1): shippers,
 * plans, devices and mail.
 */
export function DashboardPage() {
  const { userType, userName } = useSession();
  if (userType === 3 || userType === 4) {
    return <ShipperDashboard />;
  }
  return (
    <>
      <PageTitle mb="md">{userName ? `Welcome, ${userName}` : 'Dashboard'}</PageTitle>
      {userType === 2 ? <CarrierDashboard /> : <AdminDashboard />}
    </>
  );
}

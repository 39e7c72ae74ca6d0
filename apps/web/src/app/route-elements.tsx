import type { ReactElement } from 'react';
import { ChangePasswordPage, EditProfilePage, ProfilePage } from '../features/account/profile-pages.tsx';
import { LogoutPage, UnauthorizedPage } from '../features/account/simple-pages.tsx';
import { adminRouteElements } from '../features/admin/routes.tsx';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { ResetPasswordTokenPage } from '../features/auth/reset-password-page.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { ExtendDashboardPage } from '../features/dashboard/extend-dashboard-page.tsx';
import { ewayBillRouteElements } from '../features/orders/eway-bill-page.tsx';
import { JoiningFeesPage, MyPlanPage, PlanPage } from '../features/plans/plan-pages.tsx';
import { partyRouteElements } from '../features/parties/routes.tsx';
import { carrierPortalRouteElements } from '../features/carrier-portal/routes.tsx';
import { deviceRouteElements } from '../features/devices/routes.tsx';
import { GatePage } from '../features/gate/gate-page.tsx';
import { notificationRouteElements } from '../features/notifications/routes.tsx';
import { offlineOrderEditRouteElements } from '../features/orders/offline-routes.tsx';
import { orderRouteElements } from '../features/orders/routes.tsx';
import { requestRouteElements } from '../features/requests/routes.tsx';
import { plantRouteElements } from '../features/plants/routes.tsx';
import { whatsNewRouteElements } from '../features/whats-new/routes.tsx';
import { routeMasterRouteElements } from '../features/route-masters/routes.tsx';
import { settingsRouteElements } from '../features/settings/routes.tsx';
import { businessUnitRouteElements } from '../features/business-units/routes.tsx';
import { carrierRouteElements } from '../features/carriers/routes.tsx';
import { roleRouteElements } from '../features/roles/routes.tsx';
import { staffRouteElements } from '../features/staff/routes.tsx';
import { stopRouteElements } from '../features/stops/routes.tsx';
import { trackingRouteElements } from '../features/tracking/routes.tsx';

/** Page element per route id of the shared table; ids without one show "coming soon". */
export const routeElements: Record<string, ReactElement> = {
  login: <LoginPage />,
  'forgot-password': <ForgotPasswordPage />,
  'reset-password': (
    <ForgotPasswordPage intro="Open the link we mailed you to choose a new password. The link works once, for one hour. Need a new one? Enter your email." />
  ),
  'password-reset-token': <ResetPasswordTokenPage />,
  dashboard: <DashboardPage />,
  'extend-dashboard': <ExtendDashboardPage />,
  unauthorized: <UnauthorizedPage />,
  plan: <PlanPage />,
  'joining-fees': <JoiningFeesPage />,
  'my-plan': <MyPlanPage />,
  'user-profile': <ProfilePage />,
  'edit-profile': <EditProfilePage />,
  'change-password': <ChangePasswordPage />,
  logout: <LogoutPage />,
  'gate-inbound': <GatePage dir="inbound" />,
  'gate-outbound': <GatePage dir="outbound" />,
  ...plantRouteElements,
  ...adminRouteElements,
  ...businessUnitRouteElements,
  ...stopRouteElements,
  ...roleRouteElements,
  ...staffRouteElements,
  ...carrierRouteElements,
  ...partyRouteElements,
  ...routeMasterRouteElements,
  ...settingsRouteElements,
  ...whatsNewRouteElements,
  ...deviceRouteElements,
  ...requestRouteElements,
  ...orderRouteElements,
  ...offlineOrderEditRouteElements,
  ...carrierPortalRouteElements,
  ...notificationRouteElements,
  ...ewayBillRouteElements,
  ...trackingRouteElements,
};

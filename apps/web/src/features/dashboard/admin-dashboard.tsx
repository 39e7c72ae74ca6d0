import { SimpleGrid } from '@mantine/core';
import { PLAN_EXPIRY_WARNING_DAYS } from '@freightdesk/shared/schemas/dashboard';
import { useAdminDashboard } from './api/get-admin-dashboard.ts';
import { StatCard, shown } from './stat-card.tsx';

/** The platform admin's dashboard: shippers and their plans, the platform's devices, the mail. */
export function AdminDashboard() {
  const { data } = useAdminDashboard();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <StatCard label="Active shippers" value={shown(data?.shippersActive)} to="/admin/shippers?status=active" />
      <StatCard
        label={`Plans ending in ${PLAN_EXPIRY_WARNING_DAYS} days`}
        value={shown(data?.plansExpiring)}
        hint="Active shippers with no plan after it"
        to={`/admin/shippers?planEndsWithinDays=${PLAN_EXPIRY_WARNING_DAYS}`}
      />
      <StatCard label="Devices with shippers" value={shown(data?.devicesWithShippers)} to="/admin/devices?state=with_shipper" />
      <StatCard label="Devices on orders" value={shown(data?.devicesOnOrders)} to="/admin/devices?state=on_order" />
      <StatCard
        label="Devices sent back"
        value={shown(data?.devicesSentBack)}
        hint="On their way to you: receive them"
        to="/admin/devices?state=sent_back"
      />
      <StatCard label="Mail waiting to send" value={shown(data?.mailWaiting)} hint="Queued or retrying over SMTP" to="/outbox" />
      <StatCard label="Mail failed" value={shown(data?.mailFailed)} hint="Given up after every retry" to="/outbox" />
      <StatCard
        label="Mail kept, not sent"
        value={shown(data?.mailKept)}
        hint="Last 7 days, kept in the outbox while no SMTP server is set"
        to="/outbox"
      />
    </SimpleGrid>
  );
}

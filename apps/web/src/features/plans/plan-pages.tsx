import { Alert, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Payment, Plan } from '@freightdesk/shared/schemas/plan';
import { PAYMENT_STATUS_LABEL } from '@freightdesk/shared/schemas/plan';
import { toast } from '../../components/feedback/feedback.tsx';
import { PlanInvoiceButton } from '../../domain/invoices/plan-invoice-button.tsx';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDate, formatInr } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useCancelMyPayment, useChoosePlan, useMyPlan } from './api/my-plan.ts';
import { type CurrentPlan, useCurrentPlan, useJoiningFee, usePlans } from './api/plan-catalogue.ts';
import { PaymentInstructions } from './payment-instructions.tsx';
import { planCardText, planLimitsText } from './plan-words.ts';

function PaymentsTable({ payments }: { payments: Payment[] }) {
  if (!payments.length) {
    return null;
  }
  return (
    <Table.ScrollContainer minWidth={560} mt="md">
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Plan</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Requested</Table.Th>
            <Table.Th>Tax invoice</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{p.planName}</Table.Td>
              <Table.Td>{formatInr(p.amountRupees)}</Table.Td>
              <Table.Td>
                <Badge color={p.status === 'paid' ? 'green' : p.status === 'cancelled' ? 'gray' : 'yellow'}>
                  {PAYMENT_STATUS_LABEL[p.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{formatDate(p.createdAt)}</Table.Td>
              <Table.Td>{p.invoice ? <PlanInvoiceButton side="shipper" paymentId={p.id} number={p.invoice.number} /> : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The catalogue, the plan in force, the owner's payments, and choosing or cancelling a plan. */
function usePlanChoice(owner: boolean) {
  const plans = usePlans();
  const current = useCurrentPlan();
  const mine = useMyPlan(owner);
  const pending = mine.data?.payments.find((p) => p.status === 'awaiting_confirmation');
  const choose = useChoosePlan({
    onSuccess: () => toast('Plan chosen. Follow the payment instructions.'),
    onError: (err) => toast(err instanceof ApiError ? err.message : 'Could not choose the plan.', 'error'),
  });
  const cancel = useCancelMyPayment();
  return { plans, current, pending, choose, cancel };
}

type PlanChoice = ReturnType<typeof usePlanChoice>;

/** The plan in force, or that there is none. */
function CurrentPlanAlert({ current }: { current: CurrentPlan | null | undefined }) {
  if (current === null) {
    return (
      <Alert color="yellow" title="Your account has no plan">
        Choose a plan below to use Freightdesk. Your plan limits the number of members and plants.
      </Alert>
    );
  }
  return current ? (
    <Alert color="green" title={`Current plan: ${current.planName}`}>
      {planLimitsText(current)}, until {formatDate(current.endsAt)}.
    </Alert>
  ) : null;
}

/** One plan of the catalogue; the owner can choose it unless a payment is pending. */
function PlanCard({ plan, owner, choice }: { plan: Plan; owner: boolean; choice: PlanChoice }) {
  const { choose, pending } = choice;
  return (
    <Card withBorder padding="lg">
      <Title order={4}>{plan.name}</Title>
      <Text size="xl" fw={700} c="brand.8" mt="xs">
        {formatInr(plan.priceRupees)}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        plus GST at 18%
      </Text>
      <Text size="sm" c="dimmed">
        {planCardText(plan)}
      </Text>
      {owner && (
        <Button
          mt="md"
          fullWidth
          disabled={Boolean(pending)}
          loading={choose.isPending && choose.variables === plan.id}
          onClick={() => choose.mutate(plan.id)}
        >
          Choose {plan.name}
        </Button>
      )}
    </Card>
  );
}

/** `/plan`: the plan catalogue to choose from; an account without a plan lands here. */
export function PlanPage() {
  const owner = useSession().userType === 3;
  const choice = usePlanChoice(owner);
  const { plans, current, pending, cancel } = choice;
  return (
    <Page title="Plans">
      <Stack>
        <CurrentPlanAlert current={current.data} />
        {pending && <PaymentInstructions payment={pending} onCancel={() => cancel.mutate(pending.id)} cancelling={cancel.isPending} />}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {plans.data?.map((plan) => (
            <PlanCard key={plan.id} plan={plan} owner={owner} choice={choice} />
          ))}
        </SimpleGrid>
        {!owner && <Text c="dimmed">Only the account owner can choose a plan.</Text>}
      </Stack>
    </Page>
  );
}

/** `/my-plan`: the plan in force and what is used of its limits. */
export function MyPlanPage() {
  const query = useMyPlan();
  const data = query.data;
  if (!data) {
    return <PageQueryState title="My plan" query={query} loading="Loading your plan" failed="Your plan could not be loaded." />;
  }
  const usage = (used: number, limit: number, label: string) => (
    <div>
      <Group justify="space-between">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={500}>
          {used} of {limit}
        </Text>
      </Group>
      <Progress
        value={limit ? Math.min(100, (used / limit) * 100) : 100}
        color={used >= limit ? 'red' : 'brand'}
        aria-label={`${label}: ${used} of ${limit}`}
      />
    </div>
  );
  return (
    <Page title="My plan">
      {data.plan ? (
        <Stack maw={520}>
          <Title order={4}>{data.plan.planName}</Title>
          <Text size="sm" c="dimmed">
            Valid until {formatDate(data.plan.endsAt)}
          </Text>
          {usage(data.usage.members, data.plan.noOfMembers, 'Members (active users, you included)')}
          {usage(data.usage.plants, data.plan.noOfPlants, 'Active plants')}
        </Stack>
      ) : (
        <Alert color="yellow">Your account has no plan in force.</Alert>
      )}
      <PaymentsTable payments={data.payments} />
    </Page>
  );
}

/** `/joining-fees`: the one-time fee set by the platform. */
export function JoiningFeesPage() {
  const { data } = useJoiningFee();
  return (
    <Page title="Joining fees">
      <Stack>
        <Text>
          One-time joining fee: <b>{formatInr(data?.amountRupees ?? 0)}</b>
        </Text>
        {data?.note && <Text c="dimmed">{data.note}</Text>}
      </Stack>
    </Page>
  );
}

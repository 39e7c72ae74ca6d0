import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { CarrierIndent } from '@freightdesk/shared/schemas/indent';
import { RowCard } from '../../components/cards/row-card.tsx';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import { canAnswer, loadText, vehiclesText } from './indent-answer.ts';
import { IndentDeadline } from './indent-deadline.tsx';
import { IndentOrders, IndentTurnBadge } from './indent-parts.tsx';

/**
 * One indent addressed to the carrier as a card below 768 px: the number (to its page) and the
 * turn's status, the shipper, lane and load, reporting, what is asked, the time left, the orders,
 * and Answer full width while the turn is open at `now`.
 */
export function IndentCard({
  indent: i,
  now,
  onAnswer,
}: {
  indent: CarrierIndent;
  now: number;
  onAnswer: (indent: CarrierIndent) => void;
}) {
  const moves = canAnswer(i, now) ? [{ key: 'answer', label: 'Answer', ariaLabel: `Answer ${i.number}`, onClick: () => onAnswer(i) }] : [];
  return (
    <RowCard
      name={`Indent ${i.number}`}
      data={{ 'data-indent-number': i.number }}
      title={
        <Anchor component={Link} to={`/carrier/indents/${i.id}`} fw={700} ff="monospace">
          {i.number}
        </Anchor>
      }
      badges={<IndentTurnBadge status={i.status} />}
      facts={[
        { label: 'Shipper', value: i.shipperName, wide: true },
        {
          label: 'Lane and load',
          wide: true,
          value: (
            <>
              {i.laneLabel}
              <Text size="xs" c="dimmed">
                {i.vehicleTypeName} · {loadText(i.productName, i.weightTonnes)}
              </Text>
            </>
          ),
        },
        { label: 'Reporting', value: formatDateTime(i.reportingAt) },
        { label: 'Asked', value: `${vehiclesText(i.vehiclesAsked)} at ${formatInr(i.rateRupees)}` },
        { label: 'Time left', value: <IndentDeadline indent={i} /> },
        { label: 'Orders', value: <IndentOrders indent={i} limit={2} /> },
      ]}
      moves={moves}
    />
  );
}

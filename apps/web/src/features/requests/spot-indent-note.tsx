import { Alert, Anchor, Loader } from '@mantine/core';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { formatInr } from '../../lib/format.ts';
import type { Direction } from './request-list.tsx';
import type { useSpotIndent } from './use-spot-indent.ts';

/** Where the request comes from: the spot indent it was filled from, or why it could not be. */
export function SpotIndentNote({ dir, spot }: { dir: Direction; spot: ReturnType<typeof useSpotIndent> }) {
  const indentLink = (
    <Anchor component={Link} to={`/indent/detail/${spot.id}`}>
      open the indent
    </Anchor>
  );
  if (spot.loading) {
    return <Loader size="sm" aria-label="Loading the spot indent" />;
  }
  if (spot.error || !spot.spot) {
    return (
      <Alert color="red" role="alert" title="This spot indent cannot be raised">
        {spot.error instanceof ApiError ? spot.error.message : 'It could not be loaded. Try again in a moment.'} You can {indentLink}.
      </Alert>
    );
  }
  const s = spot.spot;
  return (
    <Alert color="orange" title={`From spot indent ${s.indentNumber}`}>
      Filled from the {s.vehicleCount} vehicles nobody took on the contract ({indentLink}). The pickup date is the indent's reporting time
      and the target price its contract rate ({formatInr(s.targetPriceRupees)}); set the bid window and invite carriers. This {dir} request
      is linked to the indent once saved.
    </Alert>
  );
}

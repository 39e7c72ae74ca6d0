import { Table } from '@mantine/core';
import { EXPAND_COLUMN_WIDTH, INDEX_COLUMN_WIDTH, INDEX_SYMBOL } from '@freightdesk/shared/constants';

/**
 * The head of a table's index column (spec section 9: '#', 60 px wide) and of its expand column
 * (36 px), for DataTable and every table written by hand. The width is a minimum as well: a table
 * wider than its card (it then scrolls sideways) squeezed a plain width down to its digits.
 */
export function IndexTh() {
  return (
    <Table.Th w={INDEX_COLUMN_WIDTH} miw={INDEX_COLUMN_WIDTH}>
      {INDEX_SYMBOL}
    </Table.Th>
  );
}

export function ExpandTh() {
  return <Table.Th w={EXPAND_COLUMN_WIDTH} miw={EXPAND_COLUMN_WIDTH} aria-label="Expand" />;
}

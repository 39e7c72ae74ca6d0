import type { IndentSummary } from '@freightdesk/shared/schemas/indent';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { IndentTable } from '../../domain/indents/indent-table.tsx';
import { useMasterList } from '../../components/master/use-master.ts';

/** A contract's Indents tab: the indents its carrier was asked on (`GET /api/indents?contractId=`), server pages and search. */
export function ContractIndentsTab({ contractId }: { contractId: number }) {
  const params = useListParams();
  const listQuery = useMasterList<IndentSummary>('indents', { ...params.query, contractId });
  return (
    <>
      <ListToolbar params={params} searchLabel="Number or lane" />
      <IndentTable query={listQuery} params={params} caption="Indents on this contract" />
    </>
  );
}

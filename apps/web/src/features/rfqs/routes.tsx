import type { ReactElement } from 'react';
import { Navigate, useParams } from 'react-router';
import { ContractDetailPage } from './contract-detail.tsx';
import { ContractListPage } from './contract-list.tsx';
import { RfqDetailPage } from './rfq-detail.tsx';
import { RfqFormPage } from './rfq-form.tsx';
import { RfqListPage } from './rfq-list.tsx';

/** `rfp/detail/view-bid/:rfp_id/:rfp_bid_id`: a carrier's quotes are read in the RFQ's comparison. */
function ViewBidRedirect() {
  const { rfp_id: id } = useParams();
  return <Navigate to={`/rfp/detail/${id}/compare`} replace />;
}

export const rfqRouteElements: Record<string, ReactElement> = {
  rfp: <RfqListPage />,
  'rfp.new-rfq': <RfqFormPage />,
  'rfp.edit-rfq': <RfqFormPage key="edit" mode="edit" />,
  'rfp.rfq-detail': <RfqDetailPage />,
  'rfp.rfq-bid': <ViewBidRedirect />,
  contract: <ContractListPage />,
  'contract.contract-detail': <ContractDetailPage />,
};

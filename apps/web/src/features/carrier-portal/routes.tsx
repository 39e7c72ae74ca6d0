import { CarrierCompanyPage } from './company-page.tsx';
import type { ReactElement } from 'react';
import { CarrierContractPage, CarrierContractsPage } from './contracts-page.tsx';
import { CarrierIndentPage } from './indent-page.tsx';
import { CarrierIndentsPage } from './indents-page.tsx';
import { CarrierInvoiceNewPage } from './invoice-new-page.tsx';
import { CarrierInvoicePage } from './invoice-page.tsx';
import { CarrierCreditNotePage } from './credit-note-page.tsx';
import { CarrierInvoicesPage } from './invoices-page.tsx';
import { CarrierOrdersPage } from './orders-page.tsx';
import { CarrierRequestsPage } from './requests-page.tsx';
import { CarrierRfqPage } from './rfq-quote-page.tsx';
import { CarrierRfqsPage } from './rfqs-page.tsx';

export const carrierPortalRouteElements: Record<string, ReactElement> = {
  'carrier-requests': <CarrierRequestsPage />,
  'carrier-orders': <CarrierOrdersPage />,
  'carrier-company': <CarrierCompanyPage />,
  'carrier-rfqs': <CarrierRfqsPage />,
  'carrier-rfq': <CarrierRfqPage />,
  'carrier-contracts': <CarrierContractsPage />,
  'carrier-contract': <CarrierContractPage />,
  'carrier-indents': <CarrierIndentsPage />,
  'carrier-indent': <CarrierIndentPage />,
  'carrier-invoices': <CarrierInvoicesPage />,
  'carrier-invoice-new': <CarrierInvoiceNewPage />,
  'carrier-invoice': <CarrierInvoicePage />,
  'carrier-invoice-credit-note': <CarrierCreditNotePage />,
};

import type { Elements, FeatureLoader } from './feature-pages.tsx';

/**
 * The carrier portal's pages by area, each area its own download (record 0297): a carrier opening
 * its orders on a phone fetches the orders page's code, not the invoice editor's and the RFQ
 * quoting's as well (the whole portal was 115 files, 442 kB).
 */
const requests: FeatureLoader = () =>
  import('../features/carrier-portal/requests-page.tsx').then((m): Elements => ({ 'carrier-requests': <m.CarrierRequestsPage /> }));
const orders: FeatureLoader = () =>
  import('../features/carrier-portal/orders-page.tsx').then((m): Elements => ({ 'carrier-orders': <m.CarrierOrdersPage /> }));
const performance: FeatureLoader = () =>
  import('../features/carrier-performance/performance-page.tsx').then(
    (m): Elements => ({ 'carrier-performance': <m.CarrierPerformancePage /> }),
  );
const company: FeatureLoader = () =>
  import('../features/carrier-portal/company-page.tsx').then((m): Elements => ({ 'carrier-company': <m.CarrierCompanyPage /> }));

const rfqs: FeatureLoader = async () => {
  const [list, quote, contracts] = await Promise.all([
    import('../features/carrier-portal/rfqs-page.tsx'),
    import('../features/carrier-portal/rfq-quote-page.tsx'),
    import('../features/carrier-portal/contracts-page.tsx'),
  ]);
  return {
    'carrier-rfqs': <list.CarrierRfqsPage />,
    'carrier-rfq': <quote.CarrierRfqPage />,
    'carrier-contracts': <contracts.CarrierContractsPage />,
    'carrier-contract': <contracts.CarrierContractPage />,
  };
};

const indents: FeatureLoader = async () => {
  const [list, one] = await Promise.all([
    import('../features/carrier-portal/indents-page.tsx'),
    import('../features/carrier-portal/indent-page.tsx'),
  ]);
  return { 'carrier-indents': <list.CarrierIndentsPage />, 'carrier-indent': <one.CarrierIndentPage /> };
};

const invoices: FeatureLoader = async () => {
  const [list, draft, one, credit] = await Promise.all([
    import('../features/carrier-portal/invoices-page.tsx'),
    import('../features/carrier-portal/invoice-new-page.tsx'),
    import('../features/carrier-portal/invoice-page.tsx'),
    import('../features/carrier-portal/credit-note-page.tsx'),
  ]);
  return {
    'carrier-invoices': <list.CarrierInvoicesPage />,
    'carrier-invoice-new': <draft.CarrierInvoiceNewPage />,
    'carrier-invoice': <one.CarrierInvoicePage />,
    'carrier-invoice-credit-note': <credit.CarrierCreditNotePage />,
  };
};

/** The portal's areas and the route ids each draws (feature-pages.tsx FEATURES). */
export const CARRIER_PORTAL_FEATURES: readonly (readonly [FeatureLoader, readonly string[]])[] = [
  [requests, ['carrier-requests']],
  [orders, ['carrier-orders']],
  [company, ['carrier-company']],
  [performance, ['carrier-performance']],
  [rfqs, ['carrier-rfqs', 'carrier-rfq', 'carrier-contracts', 'carrier-contract']],
  [indents, ['carrier-indents', 'carrier-indent']],
  [invoices, ['carrier-invoices', 'carrier-invoice-new', 'carrier-invoice', 'carrier-invoice-credit-note']],
];

/**
 * Query keys of the RFQ and contract calls. Every RFQ write invalidates `rfqKeys.all` (the list, the
 * RFQ and its comparison, the same prefix useMasterList/useMasterOne use); every contract write
 * (and an award, which makes contracts) invalidates `contractKeys.all`.
 */
export const rfqKeys = {
  all: ['rfqs'] as const,
  compare: (id: number) => ['rfqs', 'compare', id] as const,
};

export const contractKeys = {
  all: ['contracts'] as const,
  ofRfq: (rfqId: number) => ['contracts', 'of-rfq', rfqId] as const,
};

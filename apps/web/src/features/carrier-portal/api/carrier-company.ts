import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CarrierBankAccountInput, CarrierCompany, CarrierCompanyInput } from '@freightdesk/shared/schemas/carrier';
import { api } from '../../../lib/api.ts';

/** `GET /api/carrier/company` (carrier users): the carrier's own company (its profile page, and what its invoices may claim). */
export const getCarrierCompany = () => api.get<{ data: CarrierCompany }>('/carrier/company').then((r) => r.data);

export const companyQuery = queryOptions({
  queryKey: ['carrier', 'company'],
  queryFn: getCarrierCompany,
});

export const useCarrierCompany = () => useQuery(companyQuery);

/** `PUT /api/carrier/company` (carrier users): the details, against the version loaded (`ifMatch`): 409 STALE when a colleague saved first. */
export const updateCarrierCompany = (body: CarrierCompanyInput, ifMatch: string | undefined) =>
  api.put<{ data: CarrierCompany }>('/carrier/company', body, { ifMatch }).then((r) => r.data);

/** The company as saved goes in its cache: the page and the invoice form's GST kinds see it at once. */
export function useUpdateCarrierCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, ifMatch }: { body: CarrierCompanyInput; ifMatch: string | undefined }) => updateCarrierCompany(body, ifMatch),
    onSuccess: (saved) => client.setQueryData(companyQuery.queryKey, saved),
  });
}

/** `PUT /api/carrier/company/bank-account` (carrier users): where shippers pay; every shipper the carrier works with is told. */
export const saveBankAccount = (body: CarrierBankAccountInput) =>
  api.put<{ data: CarrierCompany }>('/carrier/company/bank-account', body).then((r) => r.data);

export function useSaveBankAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBankAccount,
    onSuccess: (saved) => client.setQueryData(companyQuery.queryKey, saved),
  });
}

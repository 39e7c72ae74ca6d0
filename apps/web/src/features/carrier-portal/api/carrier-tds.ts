import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TdsCertificateInput, TdsDeclarationInput, TdsProfile } from '@freightdesk/shared/schemas/tds';
import { api } from '../../../lib/api.ts';
import { companyQuery } from './carrier-company.ts';

/** Under the company's key: what the company's PAN decides is read with it. */
export const TDS_KEY = [...companyQuery.queryKey, 'tds'] as const;
const TDS_PATH = '/carrier/company/tds';

/** `GET /api/carrier/company/tds` (carrier users): the carrier's PAN, its 194C(6) declarations and its lower-deduction certificates. */
export const getTdsProfile = () => api.get<{ data: TdsProfile }>(TDS_PATH).then((r) => r.data);

export const tdsProfileQuery = () =>
  queryOptions({
    queryKey: TDS_KEY,
    queryFn: getTdsProfile,
  });

export const useTdsProfile = () => useQuery(tdsProfileQuery());

/** `PUT /api/carrier/company/tds/declaration` (carrier users): the year's declaration (ten or fewer goods carriages); the profile as saved. */
export const saveTdsDeclaration = (body: TdsDeclarationInput) =>
  api.put<{ data: TdsProfile }>(`${TDS_PATH}/declaration`, body).then((r) => r.data);

/** `POST /api/carrier/company/tds/certificates` (carrier users): a lower-deduction certificate for one shipper; the profile as saved. */
export const addTdsCertificate = (body: TdsCertificateInput) =>
  api.post<{ data: TdsProfile }>(`${TDS_PATH}/certificates`, body).then((r) => r.data);

/** Both writes answer with the whole profile: it replaces the cached one. */
function useTdsWrite<B>(write: (body: B) => Promise<TdsProfile>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: (profile) => client.setQueryData(TDS_KEY, profile) });
}

export const useSaveTdsDeclaration = () => useTdsWrite(saveTdsDeclaration);

export const useAddTdsCertificate = () => useTdsWrite(addTdsCertificate);

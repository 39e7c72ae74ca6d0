import { z } from 'zod';
import type { GspConfig } from './modules/eway-bills/eway-bill-provider.ts';

/**
 * Outside services, each an adapter with a built-in simulator: set a provider's variables to use
 * the real one (docs/operations.md). All of a provider's variables, or none.
 */
export const ewayBillEnv = {
  /** A GST Suvidha Provider exposing NIC's e-way bill API v1.03 (e.g. https://api.whitebooks.in). */
  EWB_GSP_URL: z.url('must be the GSP base URL, like https://api.example-gsp.in').optional(),
  EWB_CLIENT_ID: z.string().min(1).optional(),
  EWB_CLIENT_SECRET: z.string().min(1).optional(),
  EWB_USERNAME: z.string().min(1).optional(),
  EWB_PASSWORD: z.string().min(1).optional(),
  EWB_EMAIL: z.email('must be the e-mail registered with the GSP').optional(),
  /** The public address the GSP registered for this install (sent as its ip_address header). */
  EWB_IP_ADDRESS: z.ipv4('must be an IPv4 address').optional(),
};

type EwayEnv = { [K in keyof typeof ewayBillEnv]?: string };
const EWB_REQUIRED = ['EWB_CLIENT_ID', 'EWB_CLIENT_SECRET', 'EWB_USERNAME', 'EWB_PASSWORD', 'EWB_EMAIL', 'EWB_IP_ADDRESS'] as const;

/** What is missing when the GSP is half configured. */
export function ewayBillProblem(e: EwayEnv): string | undefined {
  const missing = EWB_REQUIRED.filter((k) => !e[k]);
  if (e.EWB_GSP_URL && missing.length) {
    return `${missing[0]}: must be set together with EWB_GSP_URL`;
  }
  if (!e.EWB_GSP_URL && missing.length < EWB_REQUIRED.length) {
    return 'EWB_GSP_URL: must be set when the other EWB_ variables are';
  }
  return undefined;
}

export function ewayBillGsp(e: EwayEnv): GspConfig | undefined {
  if (!e.EWB_GSP_URL || ewayBillProblem(e)) {
    return undefined;
  }
  return {
    url: e.EWB_GSP_URL,
    clientId: e.EWB_CLIENT_ID ?? '',
    clientSecret: e.EWB_CLIENT_SECRET ?? '',
    username: e.EWB_USERNAME ?? '',
    password: e.EWB_PASSWORD ?? '',
    email: e.EWB_EMAIL ?? '',
    ipAddress: e.EWB_IP_ADDRESS ?? '',
  };
}

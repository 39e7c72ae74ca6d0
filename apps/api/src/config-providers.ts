import { z } from 'zod';
import { judgeUrl, type OutboundAllowList, parseOutboundAllow } from './lib/outbound-allow.ts';
import { describeRefusal } from './lib/outbound.ts';
import type { GspConfig } from './modules/eway-bills/eway-bill-provider.ts';
import type { SimConfig } from './modules/tracking/providers/sim.ts';
import type { UlipConfig } from './modules/tracking/providers/ulip.ts';

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

/**
 * What is wrong with a provider's variables: the first one missing when some are set (the lead
 * variable names the provider), or undefined when all or none are.
 */
function groupProblem(e: Record<string, string | undefined>, lead: string, rest: readonly string[]): string | undefined {
  const missing = rest.filter((k) => !e[k]);
  if (e[lead] && missing.length) {
    return `${missing[0]}: must be set together with ${lead}`;
  }
  if (!e[lead] && missing.length < rest.length) {
    return `${lead}: must be set when the other ${lead.split('_')[0]}_ variables are`;
  }
  return undefined;
}

/** What is missing when the GSP is half configured. */
export function ewayBillProblem(e: EwayEnv): string | undefined {
  return groupProblem(e, 'EWB_GSP_URL', EWB_REQUIRED);
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

/**
 * Tracking providers: ULIP (FASTAG/01 and FOIS/01) and Telenity SmartTrail for phone-SIM. Unset:
 * the built-in simulators answer.
 */
export const trackingProviderEnv = {
  /** ULIP's API base, like https://www.ulip.dpiit.gov.in/ulip/v1.0.0 (staging: https://www.ulipstaging.dpiit.gov.in/ulip/v1.0.0). */
  ULIP_URL: z.url('must be the ULIP API base URL').optional(),
  ULIP_USERNAME: z.string().min(1).optional(),
  ULIP_PASSWORD: z.string().min(1).optional(),
  /** Telenity SmartTrail's REST base, like https://smarttrail.telenity.com/trail-rest. */
  SIM_TRAIL_URL: z.url('must be the SmartTrail REST base URL').optional(),
  /** `user:password` of the SmartTrail account. */
  SIM_TRAIL_CREDENTIALS: z
    .string()
    .regex(/^[^:]+:.+$/, 'must be user:password')
    .optional(),
  /** The operator consent gateway, like https://india-agw.telenity.com. */
  SIM_CONSENT_URL: z.url('must be the consent gateway base URL').optional(),
  /** `client_id:client_secret` of the consent gateway. */
  SIM_CONSENT_CREDENTIALS: z
    .string()
    .regex(/^[^:]+:.+$/, 'must be client_id:client_secret')
    .optional(),
};

type TrackingEnv = { [K in keyof typeof trackingProviderEnv]?: string };
const ULIP_REST = ['ULIP_USERNAME', 'ULIP_PASSWORD'] as const;
const SIM_REST = ['SIM_TRAIL_CREDENTIALS', 'SIM_CONSENT_URL', 'SIM_CONSENT_CREDENTIALS'] as const;

export function trackingProviderProblem(e: TrackingEnv): string | undefined {
  return groupProblem(e, 'ULIP_URL', ULIP_REST) ?? groupProblem(e, 'SIM_TRAIL_URL', SIM_REST);
}

export function ulipConfig(e: TrackingEnv): UlipConfig | undefined {
  return e.ULIP_URL && e.ULIP_USERNAME && e.ULIP_PASSWORD
    ? { url: e.ULIP_URL, username: e.ULIP_USERNAME, password: e.ULIP_PASSWORD }
    : undefined;
}

export function simConfig(e: TrackingEnv): SimConfig | undefined {
  return e.SIM_TRAIL_URL && e.SIM_TRAIL_CREDENTIALS && e.SIM_CONSENT_URL && e.SIM_CONSENT_CREDENTIALS
    ? {
        trailUrl: e.SIM_TRAIL_URL,
        trailBasic: e.SIM_TRAIL_CREDENTIALS,
        consentUrl: e.SIM_CONSENT_URL,
        consentBasic: e.SIM_CONSENT_CREDENTIALS,
      }
    : undefined;
}

/**
 * OUTBOUND_ALLOW: what the operator's own endpoints (the provider URLs above) may reach beyond
 * public https: origins (`http://127.0.0.1:9000`) and address ranges (`10.20.0.0/16`), comma-
 * separated (lib/outbound-allow.ts). User-typed URLs never use it.
 */
export const outboundEnv = {
  OUTBOUND_ALLOW: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const parsed = parseOutboundAllow(value);
      if ('problem' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.problem });
      }
    }),
};

export function outboundAllow(e: { OUTBOUND_ALLOW?: string }): OutboundAllowList {
  const parsed = parseOutboundAllow(e.OUTBOUND_ALLOW);
  return 'list' in parsed ? parsed.list : { origins: new Set(), ranges: [] };
}

/** Every variable that names an operator endpoint the server calls over HTTP (S3_ENDPOINT: the file store, lib/storage-s3.ts). */
const ENDPOINT_VARIABLES = ['ULIP_URL', 'SIM_TRAIL_URL', 'SIM_CONSENT_URL', 'EWB_GSP_URL', 'S3_ENDPOINT'] as const;

/**
 * A configured provider URL that could never be called: not public https and not on the allow
 * list (what can be told without DNS; a name's addresses are checked at every call).
 */
export function endpointProblem(e: { [K in (typeof ENDPOINT_VARIABLES)[number]]?: string }, list: OutboundAllowList): string | undefined {
  for (const name of ENDPOINT_VARIABLES) {
    const value = e[name];
    if (!value) {
      continue;
    }
    const url = new URL(value);
    const verdict = judgeUrl(url, list);
    if (verdict.refused) {
      return `${name}: ${value} is not a public https address (it ${describeRefusal(verdict.refused)}); to call it anyway, add its origin ${url.origin} to OUTBOUND_ALLOW`;
    }
  }
  return undefined;
}

import type { OperatorOutbound } from '../../../lib/outbound.ts';
import type { Journey } from './journey.ts';
import { createUlipSession, type UlipConfig } from '../../../lib/ulip-session.ts';
import { parseFastag, parseFois, type RailReport, type TollRead } from './ulip-answers.ts';
import { simulateFastag, simulateFois } from './ulip-simulator.ts';

export type { UlipConfig };

/** FASTag toll reads and FOIS rail reports, from ULIP or its built-in simulator. */
export type UlipProvider = {
  name: 'ulip' | 'simulator';
  /** FASTAG/01: the vehicle's toll reads (ULIP keeps about 72 hours); `skipped` counts unreadable reads. */
  fastag: (vehicleNumber: string, journey: Journey | null) => Promise<{ reads: TollRead[]; skipped: number }>;
  /** FOIS/01: the rake's last report, null for an FNR FOIS does not know. */
  fois: (fnr: string, journey: Journey | null) => Promise<RailReport | null>;
};

/**
 * The real ULIP (`ULIP_URL`, `ULIP_USERNAME`, `ULIP_PASSWORD`): the account's session
 * (lib/ulip-session.ts), then `POST /FASTAG/01 { vehiclenumber }` and `POST /FOIS/01 { fnrnumber }`.
 */
function createUlipClient(config: UlipConfig, outbound: OperatorOutbound): UlipProvider {
  const { call } = createUlipSession(config, outbound);
  return {
    name: 'ulip',
    fastag: async (vehicleNumber) => parseFastag(await call('FASTAG/01', { vehiclenumber: vehicleNumber })),
    fois: async (fnr) => parseFois(await call('FOIS/01', { fnrnumber: fnr }), fnr),
  };
}

/** The simulator, read through the same parsers as the real answers. `clock` is for tests. */
export function createUlipSimulator(clock: () => Date = () => new Date()): UlipProvider {
  return {
    name: 'simulator',
    fastag: async (vehicleNumber, journey) => parseFastag(simulateFastag(vehicleNumber, journey, clock())),
    fois: async (fnr, journey) => parseFois(simulateFois(fnr, journey, clock()), fnr),
  };
}

/** ULIP when configured, else the simulator. */
export function createUlipProvider(config: UlipConfig | undefined, outbound: OperatorOutbound): UlipProvider {
  return config ? createUlipClient(config, outbound) : createUlipSimulator();
}

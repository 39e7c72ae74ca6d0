import type { OperatorOutbound } from '../../lib/outbound.ts';
import { createUlipSession, type UlipConfig } from '../../lib/ulip-session.ts';
import { parseSarathi, parseVahan, type RegisterAnswer } from './register-answers.ts';
import { simulateSarathi, simulateVahan } from './register-simulator.ts';

/** VAHAN (vehicles) and SARATHI (driving licences) through ULIP, or the built-in simulator. */
export type Registers = {
  name: 'ulip' | 'simulator';
  /** VAHAN/01: the registration's documents; null when VAHAN does not know the number. */
  vahan: (vehicleNumber: string) => Promise<RegisterAnswer | null>;
  /** SARATHI/01: the licence; null when SARATHI does not know it (or not with this date of birth). */
  sarathi: (licenceNumber: string, dob: string) => Promise<RegisterAnswer | null>;
};

/**
 * The real registers through the ULIP account of `ULIP_URL` (the one FASTag and FOIS use):
 * `POST /VAHAN/01 { vehiclenumber }` and `POST /SARATHI/01 { dlnumber, dob }`.
 */
function createUlipRegisters(config: UlipConfig, outbound: OperatorOutbound): Registers {
  const { call } = createUlipSession(config, outbound);
  return {
    name: 'ulip',
    vahan: async (n) => parseVahan(await call('VAHAN/01', { vehiclenumber: n }), n),
    sarathi: async (dl, dob) => parseSarathi(await call('SARATHI/01', { dlnumber: dl, dob }), dl),
  };
}

/** The simulator, read through the same parsers as the real answers. `clock` is for tests. */
export function createRegisterSimulator(clock: () => Date = () => new Date()): Registers {
  return {
    name: 'simulator',
    vahan: async (n) => parseVahan(simulateVahan(n, clock()), n),
    sarathi: async (dl, dob) => parseSarathi(simulateSarathi(dl, dob, clock()), dl),
  };
}

/** ULIP when configured, else the simulator. */
export function createRegisters(config: UlipConfig | undefined, outbound: OperatorOutbound): Registers {
  return config ? createUlipRegisters(config, outbound) : createRegisterSimulator();
}

import { useSyncExternalStore } from 'react';
import { FLASH_MESSAGE_MS } from '@freightdesk/shared/constants';

/** The other held state of spec section 3 (not persisted). */
export type AppState = {
  dateRange: { startDate: string | null; endDate: string | null };
  selectedPlant: number | null;
  filter: { businessId: number | null; plantId: number | null };
  flash: { message: string; type: 'success' | 'error' | 'info' } | null;
  preloader: boolean;
  sidebarVisible: boolean;
  sidebarUnfoldable: boolean;
  currentMenu: string;
  socketUrl: string;
};

let state: AppState = {
  dateRange: { startDate: null, endDate: null },
  selectedPlant: null,
  filter: { businessId: null, plantId: null },
  flash: null,
  preloader: false,
  sidebarVisible: true,
  sidebarUnfoldable: false,
  currentMenu: '',
  socketUrl: typeof window === 'undefined' ? '' : window.location.origin,
};
const listeners = new Set<() => void>();

export function getAppState(): AppState {
  return state;
}

export function setAppState(patch: Partial<AppState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) {
    l();
  }
}

export function useAppState<T>(pick: (s: AppState) => T): T {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pick(state),
  );
}

let flashTimer: ReturnType<typeof setTimeout> | undefined;
/** Shows a flash message that clears itself after 6000 ms (spec section 4). */
export function flash(message: string, type: 'success' | 'error' | 'info' = 'success'): void {
  clearTimeout(flashTimer);
  setAppState({ flash: { message, type } });
  flashTimer = setTimeout(() => setAppState({ flash: null }), FLASH_MESSAGE_MS);
}

/** Runs work with the loading overlay on. */
export async function withPreloader<T>(work: () => Promise<T>): Promise<T> {
  setAppState({ preloader: true });
  try {
    return await work();
  } finally {
    setAppState({ preloader: false });
  }
}

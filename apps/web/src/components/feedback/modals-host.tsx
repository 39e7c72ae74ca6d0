import { useEffect, useState } from 'react';
import { lazyPart } from '../../lib/lazy-part.tsx';

let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});
let asked = false;
let askHost: () => void = () => {};

const Provider = lazyPart(() => import('./modals-provider.tsx').then((m) => m.Modals));

/**
 * Where Mantine's confirm dialogs open (record 0322): beside the page rather than around it, drawn
 * (and its code fetched) when the first dialog is asked for (`modalsReady`).
 */
export function ModalsHost() {
  const [now, setNow] = useState(asked);
  useEffect(() => {
    askHost = () => setNow(true);
    if (asked) {
      setNow(true);
    }
    return () => {
      askHost = () => {};
    };
  }, []);
  return now ? <Provider onReady={markReady} /> : null;
}

/** Resolves once a dialog can be opened through Mantine's `modals` (the host drawn and listening). */
export function modalsReady(): Promise<void> {
  asked = true;
  askHost();
  return ready;
}

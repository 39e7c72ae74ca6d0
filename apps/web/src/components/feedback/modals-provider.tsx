import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';

/** Says the provider is listening: its listeners are set in its own effect, which runs after its children's. */
function Ready({ onReady }: { onReady: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onReady, 0);
    return () => clearTimeout(timer);
  }, [onReady]);
  return null;
}

/** Mantine's dialogs provider, drawn beside the page (modals-host.tsx). */
export function Modals({ onReady }: { onReady: () => void }) {
  return (
    <ModalsProvider>
      <Ready onReady={onReady} />
    </ModalsProvider>
  );
}

import { Alert, Overlay } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LOADER_ALT, LOADER_SIZE, TOAST_HIDE_MS } from '@freightdesk/shared/constants';
import { setAppState, useAppState } from '../../lib/app-state.ts';
import loaderUrl from './loader.svg';

/** The full-screen loading overlay, shown while the preloader flag is on (spec section 2). */
export function LoadingOverlay({ visible }: { visible?: boolean }) {
  const preloader = useAppState((s) => s.preloader);
  if (!(visible ?? preloader)) {
    return null;
  }
  return (
    <Overlay fixed center zIndex={1000} color="#fff" backgroundOpacity={0.6}>
      <img src={loaderUrl} width={LOADER_SIZE} height={LOADER_SIZE} alt={LOADER_ALT} />
    </Overlay>
  );
}

/** The flash message (clears itself after 6000 ms). */
export function FlashMessage() {
  const message = useAppState((s) => s.flash);
  if (!message) {
    return null;
  }
  const color = message.type === 'error' ? 'red' : message.type === 'info' ? 'blue' : 'green';
  return (
    <Alert color={color} mb="md" withCloseButton onClose={() => setAppState({ flash: null })} role="status">
      {message.message}
    </Alert>
  );
}

/** A toast that hides after 5000 ms. */
export function toast(message: string, type: 'success' | 'error' = 'success') {
  notifications.show({ message, color: type === 'error' ? 'red' : 'green', autoClose: TOAST_HIDE_MS });
}

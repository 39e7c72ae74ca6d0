import { Box } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` once their place comes within `margin` of the viewport (record 0297): heavy
 * parts below the fold (the dashboard's charts on a phone, under sixteen cards) are neither fetched
 * nor run while the page's first screen loads. Until then an empty box of `minHeight` holds their
 * place. Without IntersectionObserver, at once.
 */
export function NearViewport({ children, minHeight, margin = '400px' }: { children: ReactNode; minHeight: number; margin?: string }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const box = place.current;
    if (near || !box) {
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: margin });
    observer.observe(box);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? children : <Box ref={place} mih={minHeight} />;
}

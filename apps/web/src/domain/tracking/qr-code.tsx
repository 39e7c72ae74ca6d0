import { qrPath } from './qr-matrix.ts';

/** A QR code of `value`, `px` wide, with the four-module quiet zone scanners need; `label` names it for screen readers. */
export function QrCode({ value, label, px = 220 }: { value: string; label: string; px?: number }) {
  const { size, d } = qrPath(value);
  const quiet = 4;
  return (
    <svg
      role="img"
      aria-label={label}
      width={px}
      height={px}
      viewBox={`${-quiet} ${-quiet} ${size + 2 * quiet} ${size + 2 * quiet}`}
      shapeRendering="crispEdges"
      style={{ background: '#fff', maxWidth: '100%', height: 'auto' }}
    >
      <path d={d} fill="#000" />
    </svg>
  );
}

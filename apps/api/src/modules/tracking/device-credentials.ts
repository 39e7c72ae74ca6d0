import { createHash, randomBytes } from 'node:crypto';
import { ISSUED_ID_ALPHABET, ISSUED_ID_LENGTH } from '@freightdesk/shared/schemas/tracking-devices';

/**
 * A phone's identifier, issued here (issue 31): 26 characters of Crockford's base32 from 130
 * random bits, so nobody finds one by trying (at a million tries a second, 2^129 tries take longer
 * than the universe is old). Only its SHA-256 is stored: a database dump, a screen or an export
 * shows its last four characters, never enough to report as the phone.
 */
export function issueIdentifier(): string {
  const bytes = randomBytes(17);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < ISSUED_ID_LENGTH) {
      out += ISSUED_ID_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

/** Could this be an identifier we issued? (Cheap: the port looks up nothing else.) */
export function looksIssued(identifier: string): boolean {
  return identifier.length === ISSUED_ID_LENGTH && /^[0-9A-HJKMNP-TV-Z]+$/.test(identifier);
}

/** The key an issued identifier is stored and found under: `sha256:` and its hex digest. */
export function issuedKey(identifier: string): string {
  return `sha256:${createHash('sha256').update(identifier).digest('hex')}`;
}

/** What people see of an issued identifier: its last four characters. */
export const issuedHint = (identifier: string) => identifier.slice(-4);

/** How a device is named on screens: an issued identifier by its hint, a typed one whole. */
export function deviceLabel(d: { credential: string; identifier: string; hint: string | null }): string {
  return d.credential === 'issued' ? `…${d.hint ?? ''}` : d.identifier;
}

/**
 * Traccar Client's setup, as its QR scanner reads it (traccar-client lib/configuration_service.dart,
 * `applyUri`): the server URL is the code's origin and path, and `id`, `accuracy`, `interval`,
 * `distance`, `angle`, `buffer` and `stop_detection` its query parameters. A truck: a fix every
 * 30 s, or every 100 m, or on a turn of 30°; kept on the phone while offline.
 */
export function traccarClientSetup(serverUrl: string, identifier: string): string {
  const query = new URLSearchParams({
    id: identifier,
    accuracy: 'high',
    interval: '30',
    distance: '100',
    angle: '30',
    buffer: 'true',
    stop_detection: 'false',
  });
  return `${serverUrl}?${query}`;
}

/** OsmAnd's online-tracking address (Trip recording plugin): its placeholders as Traccar documents them. */
export function osmandTrackingUrl(serverUrl: string, identifier: string): string {
  return `${serverUrl}/?id=${identifier}&lat={0}&lon={1}&timestamp={2}&hdop={3}&altitude={4}&speed={5}`;
}

import type { Order } from '@freightdesk/shared/schemas/order';

/** The message the driver gets: "Freightdesk trip OB-2026-000004, MH12AB1234: https://…/#/trip/…". */
export const tripMessage = (order: Pick<Order, 'number' | 'vehicleNumber'>, url: string) =>
  `Freightdesk trip ${order.number}, ${order.vehicleNumber ?? 'vehicle not set'}: ${url}`;

/** Where each way of sending opens: the phone's SMS app, WhatsApp to the driver's number. */
export function sendAddresses(phone: string, text: string) {
  const body = encodeURIComponent(text);
  return { sms: `sms:${phone}?body=${body}`, whatsapp: `https://wa.me/91${phone}?text=${body}` };
}

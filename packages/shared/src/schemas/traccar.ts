import { z } from 'zod';

/**
 * Traccar's position forwarding (`forward.type=json`): `{ position, device }` as Traccar's JSON
 * writes them; speed in knots, `position.id` always 0. Unknown keys are allowed (Traccar adds them
 * between versions) and ignored.
 */
export const traccarForwardSchema = z.object({
  position: z.looseObject({
    fixTime: z.string({ error: 'fixTime is required' }).max(40),
    latitude: z.number({ error: 'latitude must be a number' }).min(-90).max(90),
    longitude: z.number({ error: 'longitude must be a number' }).min(-180).max(180),
    altitude: z.number().min(-1000).max(20_000).nullish(),
    speed: z.number().min(0, 'speed cannot be negative').max(1000).nullish(),
    course: z.number().min(-360).max(360).nullish(),
    accuracy: z.number().min(0).max(1_000_000).nullish(),
    valid: z.boolean().nullish(),
    attributes: z.record(z.string().max(40), z.unknown()).nullish(),
  }),
  device: z.looseObject({
    uniqueId: z.string({ error: 'uniqueId is required' }).trim().min(1).max(64),
    name: z.string().max(120).nullish(),
  }),
});
export type TraccarForward = z.infer<typeof traccarForwardSchema>;

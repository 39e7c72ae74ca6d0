import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { driverTripAnswer, tripPositionsAnswer } from '@freightdesk/shared/schemas/answers-driver';
import {
  tripDocumentParamSchema,
  tripMoveBodySchema,
  tripPositionsBodySchema,
  tripTokenParamSchema,
} from '@freightdesk/shared/schemas/driver-trip';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { driverLinkByTokenHash } from '../../repositories/driver-links.repository.ts';
import { POD_UPLOAD_LIMITS } from '../orders/pod-upload.ts';
import { acceptTripPositions } from './driver-trip-positions.ts';
import { tripDeliver, tripMove } from './driver-trip-moves.ts';
import { LINK_ENDED, linkActor, openLink, readTrip } from './driver-trip.service.ts';
import { tripDocumentOwner, tripNote } from './driver-trip-documents.ts';
import { fileAnswer } from '../../openapi/file-answers.ts';
import { sendPdf } from '../../lib/pdf.ts';
import { consignmentNotePdf, lrFileName } from '../consignment-notes/lr-pdf.ts';
import { sendDocument } from '../documents/document-send.ts';
import { limiter } from './public.routes.ts';

/** Calls of the driver's page per client address and minute: it polls and sends positions every 15–30 s. */
const TRIP_CALLS_PER_MINUTE = 60;

/**
 * `/api/trip/:token`: the driver's page of a trip link (issue 35, record 0300). Public (the token
 * is the credential), rate limited per address, never cached or referred; an unknown, revoked or
 * ended link is 404 with a plain message. The moves take an Idempotency-Key as the carrier's do:
 * the link acts for the carrier user who made it, whose keys they are (`acting-user`).
 */
export async function driverTripRoutes(fastify: FastifyInstance) {
  await fastify.register(fastifyMultipart, { limits: POD_UPLOAD_LIMITS, throwFileSizeLimit: true });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const limit = limiter(TRIP_CALLS_PER_MINUTE, 'Too many requests for this trip link. Wait a minute.');
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    limit(request.ip);
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
  };
  /**
   * The user a write acts for, before its key is looked up: the link's maker. A link that ended
   * since still names them, so a retry of its last move is answered what it was; the handler
   * refuses a new one (openLink).
   */
  const actAs = async (request: FastifyRequest) => {
    const { token } = request.params as { token: string };
    const link = await driverLinkByTokenHash(db, hashToken(token));
    if (!link) {
      throw new AppError(404, 'LINK_NOT_FOUND', LINK_ENDED);
    }
    request.user = await linkActor(db, link);
  };
  const tags = ['driver trip'];
  const params = tripTokenParamSchema;
  const config = { access: 'public' } as const;
  const writes = { access: 'public', idempotency: 'acting-user' } as const;
  const response = { 200: driverTripAnswer };
  app.get('/:token', { config, onRequest: guard, schema: { tags, params, response } }, async (request) => ({
    data: await readTrip(db, request.params.token),
  }));
  app.post(
    '/:token/positions',
    { config, onRequest: guard, schema: { tags, params, body: tripPositionsBodySchema, response: { 200: tripPositionsAnswer } } },
    async (request) => ({ data: await acceptTripPositions(db, app.tracking.ingest, request.params.token, request.body) }),
  );
  for (const move of ['report', 'arrive'] as const) {
    app.post(
      `/:token/${move}`,
      { config: writes, onRequest: guard, preHandler: actAs, schema: { tags, params, body: tripMoveBodySchema, response } },
      async (request) => ({ data: await tripMove(db, request.params.token, move, request.body) }),
    );
  }
  tripDocumentRoutes(app, guard);
  app.post(
    '/:token/deliver',
    { config: writes, onRequest: guard, preHandler: actAs, schema: { tags, params, response } },
    async (request) => ({
      data: await tripDeliver(db, app.deps.storage, request, request.params.token),
    }),
  );
}

/** The driver's papers under the token: the consignment note as PDF, an LR or e-way bill copy as uploaded. */
function tripDocumentRoutes(fastify: FastifyInstance, guard: (request: FastifyRequest, reply: FastifyReply) => Promise<void>) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const tags = ['driver trip'];
  app.get(
    '/:token/documents/consignment-note',
    {
      config: { access: 'public', fileAnswer: fileAnswer('The consignment note (LR) as PDF', 'pdf') },
      onRequest: guard,
      schema: { tags, params: tripTokenParamSchema },
    },
    async (request, reply) => {
      const link = await openLink(db, request.params.token);
      const note = await tripNote(db, link.orderId);
      return sendPdf(reply, lrFileName(note.number), consignmentNotePdf(note));
    },
  );
  app.get(
    '/:token/documents/:documentId',
    {
      config: { access: 'public', fileAnswer: fileAnswer('The LR or e-way bill copy as it was uploaded', 'any') },
      onRequest: guard,
      schema: { tags, params: tripDocumentParamSchema },
    },
    async (request, reply) => {
      const link = await openLink(db, request.params.token);
      const owner = await tripDocumentOwner(db, { id: link.orderId, industryId: link.industryId }, request.params.documentId);
      return sendDocument(db, app.deps.storage, request, reply, owner, request.params.documentId);
    },
  );
}

import type { FastifyRequest } from 'fastify';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import {
  type contractDocumentKindSchema,
  documentParamsSchema,
  type orderDocumentKindSchema,
  type requestDocumentKindSchema,
} from '@freightdesk/shared/schemas/document';
import type { Db } from '../../db/client.ts';
import { type Access, requireUser } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import type { Action } from '../../lib/policy.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import type { Storage } from '../../lib/storage.ts';
import { receiveUpload } from './document-upload.ts';
import type { DocumentActor, DocumentOwner } from './document-owners.ts';
import { addDocument, listDocuments, removeDocument } from './documents.service.ts';
import { sendDocument } from './document-send.ts';
import { documentListAnswer } from '@freightdesk/shared/schemas/answers';
import { carrierDocumentListAnswer, documentAnswer, documentDeletedAnswer } from '@freightdesk/shared/schemas/answers-procurement';
import { fileAnswer } from '../../openapi/file-answers.ts';

/** A download: the document's bytes with the content type it was stored with. */
const download = fileAnswer('The document, with the content type it was uploaded with', 'any');

/* The routes every set of documents has (requests, orders, RFQs, contracts), registered alike. */

const actorOf = (request: FastifyRequest): DocumentActor => {
  const user = requireUser(request);
  return { id: user.id, userType: user.userType };
};

/** Who owns the documents at a route's `:id`, for an action (read by default), checked by the policy. */
export type OwnerOf = (request: FastifyRequest, id: number, action?: Action) => Promise<DocumentOwner>;

/** What the document routes share: the database and the storage. */
export type DocumentRouteDeps = { app: RouteApp; db: Db; storage: () => Storage };

/** A set of document routes (list, upload, download, delete) under `base`, for one kind of owner. */
export type DocumentRouteSet = {
  base: string;
  tags: string[];
  read: { access: Access };
  write: { access: Access };
  owner: OwnerOf;
  kinds: typeof requestDocumentKindSchema | typeof orderDocumentKindSchema | typeof contractDocumentKindSchema;
  audience: 'shipper' | 'carrier';
};

/** The list, upload, download and delete of one set of documents. */
export function registerDocumentSet({ app, db, storage }: DocumentRouteDeps, set: DocumentRouteSet) {
  const { base, tags, read, write, owner } = set;
  app.get(
    base,
    {
      config: read,
      schema: { tags, summary: 'List the documents attached to a record', params: idParamSchema, response: { 200: documentListAnswer } },
    },
    async (request) => ({
      data: await listDocuments(db, await owner(request, request.params.id), set.audience),
    }),
  );
  app.post(base, { config: write, schema: { tags, params: idParamSchema, response: { 201: documentAnswer } } }, async (request, reply) => {
    const target = await owner(request, request.params.id, 'attach');
    const upload = await receiveUpload(request, storage(), set.kinds);
    return reply.code(201).send({ data: await addDocument(db, storage(), target, upload, actorOf(request), request.log) });
  });
  const readFile = { ...read, fileAnswer: download };
  app.get(`${base}/:docId/download`, { config: readFile, schema: { tags, params: documentParamsSchema } }, async (request, reply) =>
    sendDocument(db, storage(), request, reply, await owner(request, request.params.id), request.params.docId),
  );
  const remove = { tags, params: documentParamsSchema, response: { 200: documentDeletedAnswer } };
  app.delete(`${base}/:docId`, { config: write, schema: remove }, async (request) => {
    const target = await owner(request, request.params.id, 'attach');
    await removeDocument(db, storage(), target, request.params.docId, actorOf(request), request.log);
    return { data: { id: request.params.docId, deleted: true as const } };
  });
}

/**
 * The carrier's reads of a set of documents: the list and the download, none of them while the
 * owner hides its material (any file or file name may name the product).
 */
export function registerCarrierReads({ app, db, storage }: DocumentRouteDeps, base: string, tags: string[], owner: OwnerOf) {
  const config = { access: { userTypes: [2] } } as const;
  app.get(base, { config, schema: { tags, params: idParamSchema, response: { 200: carrierDocumentListAnswer } } }, async (request) => {
    const found = await owner(request, request.params.id);
    return { data: found.hideMaterial ? [] : await listDocuments(db, found, 'carrier'), materialHidden: Boolean(found.hideMaterial) };
  });
  app.get(
    `${base}/:docId/download`,
    { config: { ...config, fileAnswer: download }, schema: { tags, params: documentParamsSchema } },
    async (request, reply) => {
      const found = await owner(request, request.params.id);
      if (found.hideMaterial) {
        throw notFound('Document');
      }
      return sendDocument(db, storage(), request, reply, found, request.params.docId);
    },
  );
}

/**
 * Routes that answer a file rather than JSON (CSV and XLSX exports, PDFs, uploaded documents) say so
 * in their config (record 0286): `config: { fileAnswer: fileAnswer('The ledger as CSV', 'csv') }`.
 * The document then lists the content types of the 200 answer, and the API suite checks that the
 * answer carries one of them (openapi/answers.ts).
 */
export const FILE_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  xml: 'application/xml',
  /** An uploaded document, answered with the content type it was stored with. */
  any: '*/*',
} as const;

export type FileAnswer = { types: readonly string[]; description: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a file of one of these types, not JSON. */
    fileAnswer?: FileAnswer;
  }
}

/** A file answer of the given kinds (the first is the usual one), described for the document. */
export function fileAnswer(description: string, ...kinds: (keyof typeof FILE_TYPES)[]): FileAnswer {
  return { description, types: kinds.map((kind) => FILE_TYPES[kind]) };
}

/** The document's 200 answer of a file route: each content type, as binary. */
export function fileAnswerResponse(answer: FileAnswer) {
  const binary = { schema: { type: 'string', format: 'binary' } };
  return { description: answer.description, content: Object.fromEntries(answer.types.map((type) => [type, binary])) };
}

/** Whether a content type sent (`text/csv; charset=utf-8`) is one the route declares. */
export function fileAnswerAllows(answer: FileAnswer, contentType: string): boolean {
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return answer.types.some((declared) => declared === '*/*' || declared === type);
}

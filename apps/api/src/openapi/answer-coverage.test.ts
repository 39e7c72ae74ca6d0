import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type AnswerMismatch, answerCoverageHook, answerSerializerCompiler } from './answers.ts';
import { fileAnswer } from './file-answers.ts';

/** A server with the suite's checks on: a declared route, an undeclared one, a file route, errors. */
async function checkedServer(problems: AnswerMismatch[]) {
  const app = Fastify({ logger: false });
  const check = (p: AnswerMismatch) => problems.push(p);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler(check));
  app.addHook('onSend', answerCoverageHook(check));
  app.get('/declared', { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({ ok: true }));
  app.get('/undeclared', async () => ({ ok: true }));
  app.get('/sheet', { config: { fileAnswer: fileAnswer('A sheet', 'csv') } }, async (req, reply) =>
    reply.type((req.query as { as?: string }).as ?? 'text/csv').send('a,b\n'),
  );
  app.get('/bad-error', async (_req, reply) => reply.code(400).send({ message: 'no envelope' }));
  app.get('/good-error', async (_req, reply) => reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'No such thing' } }));
  await app.ready();
  return app;
}

describe('the answer coverage check of the API suite', () => {
  it('passes a declared answer, a file of a declared type and an error in the one error shape', async () => {
    const problems: AnswerMismatch[] = [];
    const app = await checkedServer(problems);
    expect((await app.inject({ url: '/declared' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/sheet' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/good-error' })).statusCode).toBe(404);
    expect(problems).toEqual([]);
    await app.close();
  });

  it('reports a success answer without a declared schema, a file of another type and a misshapen error', async () => {
    const problems: AnswerMismatch[] = [];
    const app = await checkedServer(problems);
    await app.inject({ url: '/undeclared' });
    await app.inject({ url: '/sheet?as=application/pdf' });
    await app.inject({ url: '/bad-error' });
    expect(problems.map((p) => `${p.route} ${p.status}`)).toEqual(['GET /undeclared 200', 'GET /sheet 200', 'GET /bad-error 400']);
    await app.close();
  });
});

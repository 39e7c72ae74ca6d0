import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type AnswerMismatch, answerSerializerCompiler } from './answers.ts';

/** A server with one route declaring `{ id: number }` as its 200 and answering `answer`. */
async function serverAnswering(answer: unknown, check?: (p: AnswerMismatch) => void) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler(check));
  app.get('/thing', { schema: { response: { 200: z.object({ data: z.object({ id: z.number() }) }) } } }, async () => answer);
  await app.ready();
  return app;
}

describe('declared answer schemas', () => {
  it('send the answer as the handler made it: a field the schema does not name is kept', async () => {
    const answer = { data: { id: 7, note: 'not in the schema', at: new Date('2026-12-06T00:00:00Z') }, extra: true };
    const app = await serverAnswering(answer);
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(answer));
    await app.close();
  });

  it('with the check on, a matching answer passes unchanged', async () => {
    const problems: AnswerMismatch[] = [];
    const app = await serverAnswering({ data: { id: 7, note: 'kept' } }, (p) => problems.push(p));
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: 7, note: 'kept' } });
    expect(problems).toEqual([]);
    await app.close();
  });

  it('with the check on, an answer that breaks its schema fails the call and is reported', async () => {
    const problems: AnswerMismatch[] = [];
    const app = await serverAnswering({ data: { id: 'seven' } }, (p) => problems.push(p));
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(500);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.route).toBe('GET /thing');
    await app.close();
  });
});

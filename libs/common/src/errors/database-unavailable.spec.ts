import { describe, expect, it } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable.js';

/** An error shaped as pg reports it: a message, plus a node or SQLSTATE `code`. */
const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('isDatabaseUnavailable', () => {
  it.each([
    ['refused connection', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['reset socket', pgError('read ECONNRESET', 'ECONNRESET')],
    ['socket dropped mid-query', pgError('Connection terminated unexpectedly')],
    ['pool connect timeout', pgError('timeout exceeded when trying to connect')],
    ['connect timeout on a client', pgError('Connection terminated due to connection timeout')],
    ['broken client reused', pgError('Client has encountered a connection error and is not queryable')],
    ['admin shutdown (57P01)', pgError('terminating connection due to administrator command', '57P01')],
    ['crash shutdown (57P02)', pgError('terminating connection due to crash of another server process', '57P02')],
    ['cannot connect now (57P03)', pgError('the database system is starting up', '57P03')],
    ['connection exception class 08', pgError('connection failure', '08006')],
    ['connection does not exist (08003)', pgError('connection does not exist', '08003')],
  ])('recognises %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('looks inside TypeORM query errors, causes and aggregate connect errors', () => {
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], pgError('x', '57P01')))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('loading failed', { cause: pgError('read ECONNRESET', 'ECONNRESET') })),
    ).toBe(true);
    // Node tries every address of "localhost" and reports them together.
    const both = new AggregateError([pgError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], '');
    expect(isDatabaseUnavailable(both)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('duplicate key value violates unique constraint "users_email_key"', '23505')],
    ['a missing relation', pgError('relation "users" does not exist', '42P01')],
    ['a deadlock', pgError('deadlock detected', '40P01')],
    ['a TypeORM error around a syntax error', new QueryFailedError('SELEC 1', [], pgError('syntax error', '42601'))],
    ['a plain error', new Error('Cannot read properties of undefined')],
    ['a non-error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('leaves %s alone', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops on an error that wraps itself', () => {
    const looping: Error & { cause?: unknown } = pgError('wrapped');
    looping.cause = looping;
    expect(isDatabaseUnavailable(looping)).toBe(false);
  });
});

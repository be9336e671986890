import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.js';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino(loggerOptions('test', 'info'), stream), lines };
}

describe('logs', () => {
  it('redact tokens, passwords, card numbers, CVVs and ID numbers', () => {
    const { logger, lines } = capture();
    logger.info({
      req: { headers: { accesstoken: 'eyJhbGciOi.secret', authorization: 'Bearer abc' } },
      body: { password: 'hunter2hunter2', cardNo: '4111111111111111', cvv: '123', idNumber: '11010519491231002X' },
      card: { detail: { cvv: '999' } },
      userId: 'u1',
    }, 'request');
    const output = lines.join('');
    for (const secret of ['eyJhbGciOi.secret', 'Bearer abc', 'hunter2hunter2', '4111111111111111', '"123"', '11010519491231002X', '999']) {
      expect(output).not.toContain(secret);
    }
    expect(output).toContain('"userId":"u1"');
    expect(output).toContain('[redacted]');
  });
});

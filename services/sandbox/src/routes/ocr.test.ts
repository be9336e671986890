// The ID OCR provider: signed calls, fields derived from the file path, markers for tests.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createRedis } from '@aipay/kit';
import { buildSandbox } from '../app.js';
import { loadSandboxConfig } from '../config.js';
import { signedHeaders } from '../signing.js';
import { person, validIdNumber } from './ocr.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECRET = 'ocr-test-secret';
const redis = createRedis(REDIS_URL, { keyPrefix: `sandbox-ocr-test:${randomUUID()}:` });
const apps: Awaited<ReturnType<typeof buildSandbox>>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(() => redis.quit());

async function ocr(kind: string, filePath: string, sign = true) {
  const app = await buildSandbox(loadSandboxConfig({ NODE_ENV: 'test', REDIS_URL, SANDBOX_SECRET: SECRET }), redis, { logger: false });
  apps.push(app);
  const payload = JSON.stringify({ filePath });
  const headers = { 'content-type': 'application/json', ...(sign ? signedHeaders(SECRET, payload) : {}) };
  const response = await app.inject({ method: 'POST', url: `/ocr/${kind}`, payload, headers });
  return { status: response.statusCode, body: response.json() };
}

describe('ID OCR', () => {
  it('reads an ID card face deterministically from the path, with a valid ID number', async () => {
    const path = 'kyc/u1001/idcard-front.jpg';
    const first = await ocr('idCardFace', path);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ code: 200, msg: 'success' });
    const data = first.body.data;
    expect(data).toMatchObject({ filePath: path, side: 'face', recognised: true, name: expect.stringMatching(/^\p{Script=Han}{2,3}$/u), gender: expect.stringMatching(/^[MF]$/), ethnicity: '汉' });
    expect(validIdNumber(data.idNumber)).toBe(true);
    expect(data.birthDate.replaceAll('-', '')).toBe(data.idNumber.slice(6, 14));
    expect(data.gender).toBe(Number(data.idNumber[16]) % 2 ? 'M' : 'F');
    expect((await ocr('idCardFace', path)).body).toEqual(first.body);
    expect((await ocr('idCardFace', 'kyc/u1002/idcard-front.jpg')).body.data.idNumber).not.toBe(data.idNumber);
  });

  it('lets markers in the path decide the name, the numbers, expiry and an unreadable picture', async () => {
    const face = await ocr('idCardFace', 'kyc/u1/front_name=%E5%BC%A0%E4%B8%89_id=110101199003076632.png');
    expect(face.body.data).toMatchObject({ name: '张三', idNumber: '110101199003076632', birthDate: '1990-03-07', gender: 'M' });
    const back = await ocr('idCardBack', 'kyc/u1/back.png');
    expect(back.body.data).toMatchObject({ side: 'back', recognised: true, issuingAuthority: expect.stringContaining('公安局'), validTo: expect.stringMatching(/^20(3\d|4[0-4])-\d{2}-\d{2}$/) });
    expect((await ocr('idCardBack', 'kyc/u1/back-expired.png')).body.data.validTo).toMatch(/^2020-/);
    const passport = await ocr('passport', 'kyc/u1/passport_name=ZHANG+SAN_passport=E87654321.jpg');
    expect(passport.body.data).toMatchObject({ side: 'passport', passportNumber: 'E87654321', surname: 'ZHANG', givenName: 'SAN', name: 'ZHANG SAN', nationality: 'CHN' });
    const derived = await ocr('passport', 'kyc/u2/passport.jpg');
    expect(derived.body.data.passportNumber).toMatch(/^E\d{8}$/);
    expect(derived.body.data.expiryDate > derived.body.data.issueDate).toBe(true);
    expect((await ocr('idCardFace', 'kyc/u1/unreadable.jpg')).body.data).toEqual({ filePath: 'kyc/u1/unreadable.jpg', side: 'face', recognised: false, reason: 'unreadable' });
    expect(Number(person('kyc/minor/front.jpg').birthDate.slice(0, 4))).toBe(2015);
  });

  it('refuses unsigned calls and bad bodies', async () => {
    expect((await ocr('passport', 'x.jpg', false)).status).toBe(401);
    expect((await ocr('passport', '')).status).toBe(400);
  });
});

// Slide captcha: a puzzle whose gap x stays in Redis (120 s, one attempt), and its verification,
// which answers a one-time pass (captchaVerifyParam) that every code-sending call consumes.
import { appError, type AppInstance } from '@aipay/kit';
import { captchaPuzzleSchema, captchaVerifyBodySchema, captchaVerifyResultSchema, ok } from '@aipay/contracts';
import { CAPTCHA, judgeSlide, newGeometry, pieceBox, renderPuzzle } from '../domain/captcha.js';
import type { Ctx } from '../context.js';
import { answers } from './answers.js';

export function captchaRoutes(app: AppInstance, ctx: Ctx): void {
  const ttl = ctx.config.CAPTCHA_TTL_SECONDS;

  app.get('/user/captcha/puzzle', { schema: { response: answers(captchaPuzzleSchema) } }, async () => {
    const geometry = newGeometry();
    const captchaId = await ctx.once.put('captcha', String(geometry.gapX), ttl);
    const { background, piece } = renderPuzzle(geometry);
    const box = pieceBox(geometry);
    return ok({
      captchaId,
      width: CAPTCHA.width,
      height: CAPTCHA.height,
      pieceSize: box.size,
      pieceY: box.top,
      background,
      piece,
      expiresInSeconds: ttl,
    });
  });

  app.post('/user/captcha/verify', { schema: { body: captchaVerifyBodySchema, response: answers(captchaVerifyResultSchema) } }, async (request) => {
    const body = request.body;
    const stored = await ctx.once.take('captcha', body.captchaId);
    if (stored === null) throw appError('CAPTCHA_SLIDE_FAILED');
    const rejection = judgeSlide(Number(stored), body);
    if (rejection) throw appError('CAPTCHA_SLIDE_FAILED', { data: { reason: rejection } });
    const captchaVerifyParam = await ctx.once.put('captcha-pass', '1', ttl);
    return ok({ captchaVerifyParam });
  });
}

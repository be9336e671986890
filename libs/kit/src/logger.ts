// pino options shared by every process: JSON logs with secrets and card data redacted.
import pino, { type Logger, type LoggerOptions } from 'pino';

const SECRET_KEYS = [
  'password', 'oldPassword', 'newPassword', 'payPassword', 'verifyCode', 'code', 'captchaVerifyParam',
  'token', 'accessToken', 'refreshToken', 'apiToken', 'secret', 'apiKey', 'authorization',
  'cardNo', 'cardNumber', 'number', 'pan', 'cvv', 'cvc', 'idCard', 'idNumber', 'idCardNo', 'passportNo',
];

/** Paths pino redacts: secrets at the top level, one and two levels down, and in request headers. */
export const REDACT_PATHS = [
  'req.headers.accesstoken',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.accesstoken',
  'headers.authorization',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

export function loggerOptions(name: string, level = process.env.LOG_LEVEL ?? 'info'): LoggerOptions {
  return {
    name,
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
}

export function createLogger(name: string, level?: string): Logger {
  return pino(loggerOptions(name, level));
}

export type { Logger };

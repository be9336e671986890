// The success answer of a route, for the serializer and the OpenAPI document: the seeds' envelope.
import type { z } from 'zod';
import { envelopeSchema } from '@aipay/contracts';

export function answers<T extends z.ZodType>(data: T) {
  return { 200: envelopeSchema(data) };
}

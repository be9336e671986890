import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseConfigSchema, ConfigError, csv, loadConfig } from './config.js';

const schema = baseConfigSchema.extend({ KAFKA_BROKERS: csv, MONGO_URL: z.string().min(1) });

describe('configuration from the environment', () => {
  it('fails fast naming every missing or bad variable', () => {
    expect(() => loadConfig('card', schema, { PORT: 'eighty' })).toThrow(ConfigError);
    try {
      loadConfig('card', schema, { PORT: 'eighty' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('card: invalid configuration');
      expect(message).toContain('PORT');
      expect(message).toContain('JWT_PUBLIC_KEY');
      expect(message).toContain('KAFKA_BROKERS');
      expect(message).toContain('MONGO_URL');
    }
  });

  it('parses lists, numbers and escaped PEM newlines', () => {
    const config = loadConfig('card', schema, {
      PORT: '3001',
      JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nabc\\n-----END PUBLIC KEY-----',
      KAFKA_BROKERS: '127.0.0.1:9092, 127.0.0.1:9093',
      MONGO_URL: 'mongodb://127.0.0.1:27017',
    });
    expect(config.PORT).toBe(3001);
    expect(config.KAFKA_BROKERS).toEqual(['127.0.0.1:9092', '127.0.0.1:9093']);
    expect(config.JWT_PUBLIC_KEY.split('\n')).toHaveLength(3);
    expect(config.NODE_ENV).toBe('development');
  });
});

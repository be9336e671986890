// A fresh Ed25519 key pair for signing test tokens, as identity does in production.
import { generateKeyPairSync } from 'node:crypto';

export function tokenKeys(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

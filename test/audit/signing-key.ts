import { generateKeyPairSync } from 'node:crypto';

/** A fresh Ed25519 private key as PKCS#8 PEM, the form AUDIT_SIGNING_KEY takes. */
export const signingKeyPem = () =>
  generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Tokens at rest: AES-256-GCM with the server's key, a fresh 12-byte nonce per value and the tenant id as
 * associated data, so a value copied to another tenant's row does not decrypt either. Stored as
 * `v1.<nonce>.<tag>.<ciphertext>` in base64url.
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('INTEGRATIONS_KEY must be 32 bytes (64 hex digits or 44 base64 characters)');
    this.#key = key;
  }

  /** The key from configuration: 64 hex digits or 32 bytes in base64. */
  static fromConfig(text: string): SecretBox {
    const trimmed = text.trim();
    const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
    return new SecretBox(key);
  }

  /** A key derived from a label: only for tests and the demo (INTEGRATIONS=fake), never with real providers. */
  static derived(label: string): SecretBox {
    return new SecretBox(createHash('sha256').update(`casebook-integrations-demo:${label}`).digest());
  }

  seal(tenantId: string, plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, nonce);
    cipher.setAAD(Buffer.from(tenantId));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', nonce, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The plain text; throws when the key, the tenant or the value is not the one it was sealed with. */
  open(tenantId: string, sealed: string): string {
    const [version, nonce, tag, body] = sealed.split('.');
    if (version !== 'v1' || !nonce || !tag || body === undefined) throw new Error('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(nonce, 'base64url'));
    decipher.setAAD(Buffer.from(tenantId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

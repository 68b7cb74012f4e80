import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Derives independent 32-byte keys from the one app secret, one per purpose. */
export function deriveKey(appSecret: string, purpose: 'session' | 'stored-secrets'): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'automated-blog-poster', purpose, 32));
}

const VERSION = 'v1';

/** AES-256-GCM for secrets at rest (WordPress application passwords, provider keys). */
export class SecretBox {
  constructor(private readonly key: Buffer) {}

  static fromAppSecret(appSecret: string): SecretBox {
    return new SecretBox(deriveKey(appSecret, 'stored-secrets'));
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv.toString('base64'), tag.toString('base64'), body.toString('base64')].join(':');
  }

  decrypt(sealed: string): string {
    const [version, iv, tag, body] = sealed.split(':');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Unreadable sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  }
}

/**
 * The store's own cipher (src/api/storeCipher.ts) against the standards' test vectors and against crypto-js,
 * which wrote the stores of earlier builds and is what the spec's format is defined by: each must read what
 * the other writes, for texts of every length around the block size and in several scripts.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import CryptoJS from 'crypto-js';
import { describe, expect, it } from 'vitest';
import { decryptBlock, decryptText, encryptBlock, encryptText, expandKey, md5 } from '../../src/api/storeCipher';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'hex'));
const PASSPHRASE = 'f1eldOps#c1ient$store-2024';

describe('AES-256 (FIPS 197, appendix C.3)', () => {
  const rk = expandKey(bytes('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f'));
  it('encrypts the standard block', () => {
    expect(hex(encryptBlock(bytes('00112233445566778899aabbccddeeff'), rk))).toBe('8ea2b7ca516745bfeafc49904b496089');
  });
  it('decrypts it back', () => {
    expect(hex(decryptBlock(bytes('8ea2b7ca516745bfeafc49904b496089'), rk))).toBe('00112233445566778899aabbccddeeff');
  });
});

describe('AES-256 decryption against node:crypto', () => {
  it('decrypts blocks under random keys as node:crypto does', () => {
    for (let n = 0; n < 50; n++) {
      const key = randomBytes(32);
      const block = randomBytes(16);
      const cipher = createCipheriv('aes-256-ecb', key, null).setAutoPadding(false);
      const encrypted = new Uint8Array(Buffer.concat([cipher.update(block), cipher.final()]));
      expect(hex(decryptBlock(encrypted, expandKey(new Uint8Array(key))))).toBe(hex(block));
    }
  });
});

describe('MD5 (RFC 1321)', () => {
  it.each(['', 'a', 'abc', 'message digest', 'The quick brown fox jumps over the lazy dog', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), '₹ 日本語 '.repeat(40)])(
    'hashes %j as node:crypto does',
    (text) => {
      expect(hex(md5(new TextEncoder().encode(text)))).toBe(createHash('md5').update(text, 'utf8').digest('hex'));
    },
  );
});

describe("crypto-js's AES passphrase format", () => {
  const texts = ['', '"x"', 'true', JSON.stringify({ name: 'Demo Admin', email: 'admin@demo.local' }), '₹1,20,000.50 · 日本語 · Français', ...Array.from({ length: 40 }, (_, n) => 'k'.repeat(n))];

  it('reads what crypto-js wrote', () => {
    for (const text of texts) expect(decryptText(CryptoJS.AES.encrypt(text, PASSPHRASE).toString(), PASSPHRASE)).toBe(text);
  });

  it('writes what crypto-js reads', () => {
    for (const text of texts) expect(CryptoJS.AES.decrypt(encryptText(text, PASSPHRASE), PASSPHRASE).toString(CryptoJS.enc.Utf8)).toBe(text);
  });

  it('reads a value of many blocks, as large as a kept menu or set of privileges, both ways', () => {
    const privileges = JSON.stringify(Array.from({ length: 300 }, (_, n) => ({ screenCode: `SCREEN_${n}`, privileges: ['VIEW', 'CREATE', 'EDIT'], label: `Écran ${n} · 画面` })));
    expect(privileges.length).toBeGreaterThan(20_000);
    expect(decryptText(CryptoJS.AES.encrypt(privileges, PASSPHRASE).toString(), PASSPHRASE)).toBe(privileges);
    expect(decryptText(encryptText(privileges, PASSPHRASE), PASSPHRASE)).toBe(privileges);
  });

  it('salts each encryption afresh', () => {
    expect(encryptText('same', PASSPHRASE)).not.toBe(encryptText('same', PASSPHRASE));
  });

  it('refuses a value under another passphrase, an altered value and what is not a value', () => {
    const written = CryptoJS.AES.encrypt(JSON.stringify({ a: 1 }), 'someone-elses-key').toString();
    expect(() => decryptText(written, PASSPHRASE)).toThrow();
    const text = JSON.stringify({ a: 1 });
    const ours = encryptText(text, PASSPHRASE);
    const altered = `${ours.slice(0, -6)}${ours.slice(-6, -2) === 'AAAA' ? 'BBBB' : 'AAAA'}${ours.slice(-2)}`;
    // Almost always refused (bad padding or not UTF-8); never read back as the text that was written.
    const readBack = (() => {
      try {
        return decryptText(altered, PASSPHRASE);
      } catch {
        return null;
      }
    })();
    expect(readBack).not.toBe(text);
    expect(() => decryptText('not base64!', PASSPHRASE)).toThrow();
    expect(() => decryptText(btoa('plain text, no salt'), PASSPHRASE)).toThrow();
  });
});

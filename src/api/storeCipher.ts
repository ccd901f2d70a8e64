/**
 * The browser store's cipher (spec document 1 §3): what `CryptoJS.AES.encrypt(text, passphrase).toString()` writes
 * and `CryptoJS.AES.decrypt` reads, without crypto-js. That is OpenSSL's passphrase format: "Salted__", an 8-byte
 * salt and AES-256-CBC with PKCS#7 padding, in base64, the key and IV derived from the passphrase and the salt
 * by EVP_BytesToKey with MD5 and one round.
 *
 * Why not crypto-js: its AES comes with its core, cipher core, MD5, SHA-1, HMAC and key-derivation modules, about
 * 6 KB of gzip on every page, the sign-in and public pages included (issue 18), for a few hundred bytes read
 * once per page. Why not Web Crypto: it has no MD5, and it is asynchronous and missing on plain-HTTP origins,
 * while the store is read synchronously on every page. The values are obfuscated, not protected (the key is in
 * the client, see storage.ts), so what matters is that both sides read each other's texts, which
 * tests/unit/storeCipher.test.ts checks against crypto-js itself, with the standard's test vectors.
 */

const BLOCK = 16;
const SALTED = [0x53, 0x61, 0x6c, 0x74, 0x65, 0x64, 0x5f, 0x5f]; // "Salted__"

// ── AES-256 (FIPS 197). Encryption byte by byte, small rather than fast: a sign-in writes a few values once. ──

/** Multiplication by x in GF(2^8). */
const xtime = (a: number) => ((a << 1) ^ (a & 0x80 ? 0x1b : 0)) & 0xff;

const EXP = new Uint8Array(256);
const LOG = new Uint8Array(256);
const SBOX = new Uint8Array(256);
const INV_SBOX = new Uint8Array(256);
for (let i = 0, v = 1; i < 255; i++, v ^= xtime(v)) {
  EXP[i] = v; // powers of the generator 3
  LOG[v] = i;
}
for (let a = 0; a < 256; a++) {
  const b = a === 0 ? 0 : EXP[(255 - LOG[a]) % 255];
  const rotl = (n: number) => ((b << n) | (b >> (8 - n))) & 0xff;
  const s = b ^ rotl(1) ^ rotl(2) ^ rotl(3) ^ rotl(4) ^ 0x63;
  SBOX[a] = s;
  INV_SBOX[s] = a;
}

const mul = (a: number, b: number) => (a === 0 || b === 0 ? 0 : EXP[(LOG[a] + LOG[b]) % 255]);

/** The 15 round keys of a 32-byte key, one after another. */
export function expandKey(key: Uint8Array): Uint8Array {
  const rk = new Uint8Array(240);
  rk.set(key);
  for (let i = 32, rcon = 1; i < 240; i += 4) {
    let [t0, t1, t2, t3] = [rk[i - 4], rk[i - 3], rk[i - 2], rk[i - 1]];
    if (i % 32 === 0) {
      [t0, t1, t2, t3] = [SBOX[t1] ^ rcon, SBOX[t2], SBOX[t3], SBOX[t0]];
      rcon = xtime(rcon);
    } else if (i % 32 === 16) {
      [t0, t1, t2, t3] = [SBOX[t0], SBOX[t1], SBOX[t2], SBOX[t3]];
    }
    rk[i] = rk[i - 32] ^ t0;
    rk[i + 1] = rk[i - 31] ^ t1;
    rk[i + 2] = rk[i - 30] ^ t2;
    rk[i + 3] = rk[i - 29] ^ t3;
  }
  return rk;
}

function addRoundKey(s: Uint8Array, rk: Uint8Array, round: number): void {
  for (let i = 0; i < BLOCK; i++) s[i] ^= rk[round * BLOCK + i];
}

/** Row r of the column-major state moves r places left. */
function shiftRows(s: Uint8Array): void {
  const t = s.slice();
  for (let r = 1; r < 4; r++) for (let c = 0; c < 4; c++) s[r + 4 * c] = t[r + 4 * ((c + r) % 4)];
}

function mixColumns(s: Uint8Array, m: readonly [number, number, number, number]): void {
  for (let c = 0; c < 16; c += 4) {
    const [a0, a1, a2, a3] = [s[c], s[c + 1], s[c + 2], s[c + 3]];
    for (let r = 0; r < 4; r++) {
      s[c + r] = mul(a0, m[(4 - r) % 4]) ^ mul(a1, m[(5 - r) % 4]) ^ mul(a2, m[(6 - r) % 4]) ^ mul(a3, m[(7 - r) % 4]);
    }
  }
}

const MIX = [2, 3, 1, 1] as const;

export function encryptBlock(block: Uint8Array, rk: Uint8Array): Uint8Array {
  const s = block.slice();
  addRoundKey(s, rk, 0);
  for (let round = 1; round <= 14; round++) {
    for (let i = 0; i < BLOCK; i++) s[i] = SBOX[s[i]];
    shiftRows(s);
    if (round < 14) mixColumns(s, MIX);
    addRoundKey(s, rk, round);
  }
  return s;
}

// ── Decryption by tables (FIPS 197 §5.3.5, the "equivalent inverse cipher"): every kept value is decrypted on
// the first render of a signed-in page, a few kilobytes (the privileges and the menu); byte by byte that cost a
// slow phone some 30 ms of home's first paint (issue 30). Four 1 KB tables, built once, do a round in 16 look-ups.

/** InvSubBytes then InvMixColumns of one byte, as a column word, rotated for each row (TD[0]..TD[3]). */
const TD = [0, 1, 2, 3].map(() => new Uint32Array(256));
for (let x = 0; x < 256; x++) {
  const s = INV_SBOX[x];
  const word = ((mul(s, 14) << 24) | (mul(s, 9) << 16) | (mul(s, 13) << 8) | mul(s, 11)) >>> 0;
  for (let row = 0; row < 4; row++) TD[row][x] = ((word >>> (8 * row)) | (word << (32 - 8 * row))) >>> 0;
}
const [TD0, TD1, TD2, TD3] = TD;

const wordAt = (bytes: Uint8Array, at: number) => ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;
const invMixWord = (w: number) => TD0[SBOX[w >>> 24]] ^ TD1[SBOX[(w >>> 16) & 0xff]] ^ TD2[SBOX[(w >>> 8) & 0xff]] ^ TD3[SBOX[w & 0xff]];

/** The equivalent inverse cipher's round keys, last round first, from expandKey's. */
function decryptionKeys(rk: Uint8Array): Uint32Array {
  const dk = new Uint32Array(60);
  for (let round = 0; round <= 14; round++) {
    for (let c = 0; c < 4; c++) {
      const w = wordAt(rk, (14 - round) * BLOCK + 4 * c);
      dk[round * 4 + c] = round === 0 || round === 14 ? w : invMixWord(w) >>> 0;
    }
  }
  return dk;
}

/** Decrypts the block of `input` at `at` into `out` at `at` with decryptionKeys' keys. */
function decryptBlockAt(input: Uint8Array, at: number, dk: Uint32Array, out: Uint8Array): void {
  let s0 = wordAt(input, at) ^ dk[0];
  let s1 = wordAt(input, at + 4) ^ dk[1];
  let s2 = wordAt(input, at + 8) ^ dk[2];
  let s3 = wordAt(input, at + 12) ^ dk[3];
  for (let k = 4; k < 56; k += 4) {
    const t0 = TD0[s0 >>> 24] ^ TD1[(s3 >>> 16) & 0xff] ^ TD2[(s2 >>> 8) & 0xff] ^ TD3[s1 & 0xff] ^ dk[k];
    const t1 = TD0[s1 >>> 24] ^ TD1[(s0 >>> 16) & 0xff] ^ TD2[(s3 >>> 8) & 0xff] ^ TD3[s2 & 0xff] ^ dk[k + 1];
    const t2 = TD0[s2 >>> 24] ^ TD1[(s1 >>> 16) & 0xff] ^ TD2[(s0 >>> 8) & 0xff] ^ TD3[s3 & 0xff] ^ dk[k + 2];
    const t3 = TD0[s3 >>> 24] ^ TD1[(s2 >>> 16) & 0xff] ^ TD2[(s1 >>> 8) & 0xff] ^ TD3[s0 & 0xff] ^ dk[k + 3];
    s0 = t0;
    s1 = t1;
    s2 = t2;
    s3 = t3;
  }
  // The last round has no InvMixColumns: InvSubBytes of the shifted bytes only.
  lastRound(s0, s3, s2, s1, dk[56], out, at);
  lastRound(s1, s0, s3, s2, dk[57], out, at + 4);
  lastRound(s2, s1, s0, s3, dk[58], out, at + 8);
  lastRound(s3, s2, s1, s0, dk[59], out, at + 12);
}

/** One column of the last round: row r's byte from the r-th word given (the rows already shifted), then its key. */
function lastRound(a: number, b: number, c: number, d: number, key: number, out: Uint8Array, at: number): void {
  const w = ((INV_SBOX[a >>> 24] << 24) | (INV_SBOX[(b >>> 16) & 0xff] << 16) | (INV_SBOX[(c >>> 8) & 0xff] << 8) | INV_SBOX[d & 0xff]) ^ key;
  out[at] = w >>> 24;
  out[at + 1] = (w >>> 16) & 0xff;
  out[at + 2] = (w >>> 8) & 0xff;
  out[at + 3] = w & 0xff;
}

export function decryptBlock(block: Uint8Array, rk: Uint8Array): Uint8Array {
  const out = new Uint8Array(BLOCK);
  decryptBlockAt(block, 0, decryptionKeys(rk), out);
  return out;
}

// ── MD5 (RFC 1321), only for the key derivation OpenSSL's format prescribes. ──

const MD5_SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const MD5_K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

export function md5(data: Uint8Array): Uint8Array {
  const padded = new Uint8Array((((data.length + 8) >> 6) + 1) << 6);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, (data.length * 8) >>> 0, true);
  view.setUint32(padded.length - 4, Math.floor(data.length / 0x20000000), true);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let offset = 0; offset < padded.length; offset += 64) {
    let [a, b, c, d] = h;
    for (let i = 0; i < 64; i++) {
      const round = i >> 4;
      const f = round === 0 ? (b & c) | (~b & d) : round === 1 ? (d & b) | (~d & c) : round === 2 ? b ^ c ^ d : c ^ (b | ~d);
      const g = round === 0 ? i : round === 1 ? (5 * i + 1) % 16 : round === 2 ? (3 * i + 5) % 16 : (7 * i) % 16;
      const sum = (a + f + MD5_K[i] + view.getUint32(offset + g * 4, true)) | 0;
      const shift = MD5_SHIFTS[round * 4 + (i % 4)];
      [a, d, c] = [d, c, b];
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
    }
    h[0] = (h[0] + a) | 0;
    h[1] = (h[1] + b) | 0;
    h[2] = (h[2] + c) | 0;
    h[3] = (h[3] + d) | 0;
  }
  const out = new DataView(new ArrayBuffer(16));
  h.forEach((word, i) => out.setUint32(i * 4, word, true));
  return new Uint8Array(out.buffer);
}

// ── OpenSSL's passphrase format ──

const concat = (...parts: readonly Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
};

/** EVP_BytesToKey(MD5, one round): a 32-byte key and a 16-byte IV from the passphrase and the salt. */
function deriveKeyAndIv(passphrase: string, salt: Uint8Array): { rk: Uint8Array; iv: Uint8Array } {
  const secret = concat(new TextEncoder().encode(passphrase), salt);
  let material = new Uint8Array(0);
  for (let block: Uint8Array = new Uint8Array(0); material.length < 48; ) {
    block = md5(concat(block, secret));
    material = concat(material, block);
  }
  return { rk: expandKey(material.subarray(0, 32)), iv: material.slice(32, 48) };
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Encrypts the text under the passphrase with a fresh random salt, as crypto-js's AES.encrypt does. */
export function encryptText(text: string, passphrase: string): string {
  const salt = crypto.getRandomValues(new Uint8Array(8));
  const { rk, iv } = deriveKeyAndIv(passphrase, salt);
  const plain = new TextEncoder().encode(text);
  const pad = BLOCK - (plain.length % BLOCK);
  const padded = concat(plain, new Uint8Array(pad).fill(pad));
  const cipher = new Uint8Array(padded.length);
  for (let at = 0, previous = iv; at < padded.length; at += BLOCK) {
    const block = padded.slice(at, at + BLOCK);
    for (let i = 0; i < BLOCK; i++) block[i] ^= previous[i];
    previous = encryptBlock(block, rk);
    cipher.set(previous, at);
  }
  return toBase64(concat(Uint8Array.from(SALTED), salt, cipher));
}

/**
 * The text encrypted under the passphrase. Throws when it was not: not base64, not salted, not whole blocks,
 * bad padding or not UTF-8, which is what a wrong passphrase or an altered value gives.
 */
export function decryptText(encoded: string, passphrase: string): string {
  const binary = atob(encoded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const body = bytes.length - 16;
  if (body <= 0 || body % BLOCK !== 0 || SALTED.some((byte, i) => bytes[i] !== byte)) throw new Error('Not an encrypted value');
  const { rk, iv } = deriveKeyAndIv(passphrase, bytes.subarray(8, 16));
  const dk = decryptionKeys(rk);
  const cipher = bytes.subarray(16);
  const plain = new Uint8Array(body);
  for (let at = 0; at < body; at += BLOCK) {
    decryptBlockAt(cipher, at, dk, plain);
    // CBC: each block is XORed with the cipher block before it (the IV for the first).
    for (let i = 0; i < BLOCK; i++) plain[at + i] ^= at === 0 ? iv[i] : cipher[at - BLOCK + i];
  }
  const pad = plain[body - 1];
  if (pad < 1 || pad > BLOCK || plain.subarray(body - pad).some((byte) => byte !== pad)) throw new Error('Bad padding');
  return new TextDecoder('utf-8', { fatal: true }).decode(plain.subarray(0, body - pad));
}

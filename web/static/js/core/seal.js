// Sealed messages (docs/protocol.md): NaCl boxes with a key agreed at each connect against the
// host's public key. tweetnacl (vendored) sets self.nacl; plain http has its crypto.getRandomValues.

import "../../vendor/nacl-fast.min.js";

const nacl = self.nacl;
const enc = new TextEncoder();
const dec = new TextDecoder();

function b64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function bytesOf(text) {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

// The address's fragment (#key=…&k=…), which the browser never sends.
export const fragment = () => new URLSearchParams(location.hash.slice(1));

// The host's key: the fragment's k (from the QR code or cashrun's printed address) wins over the
// page's data-host-key. null: the page does not connect, never in plain text. PINNED: the key is the
// address's, not the page's (which a reload asks for again).
const hk = fragment().get("k") || document.body.dataset.hostKey || "";
export const PINNED = !!fragment().get("k");
export const HOST_KEY = /^[\w-]{43}$/.test(hk) ? bytesOf(hk.replace(/-/g, "+").replace(/_/g, "/") + "=") : null;

// One connection's seal, with a fresh key pair (the host refuses a page key it saw before).
// sealed = base64(nonce, 24 bytes || secretbox(JSON)); open gives undefined for what does not open.
export class Sealer {
  constructor() {
    const pair = nacl.box.keyPair();
    this.pub = pair.publicKey;
    this.key = nacl.box.before(HOST_KEY, pair.secretKey);
  }

  auth(credentials) {
    return { seal: b64(this.pub).replace(/\+/g, "-").replace(/\//g, "_").replace(/=$/, ""), box: this.seal(credentials) };
  }

  seal(data) {
    const nonce = nacl.randomBytes(24);
    const box = nacl.secretbox(enc.encode(JSON.stringify(data)), nonce, this.key);
    const out = new Uint8Array(24 + box.length);
    out.set(nonce);
    out.set(box, 24);
    return b64(out);
  }

  open(text) {
    try {
      const b = bytesOf(text);
      const plain = nacl.secretbox.open(b.subarray(24), b.subarray(0, 24), this.key);
      return plain ? JSON.parse(dec.decode(plain)) : undefined;
    } catch (e) {
      return undefined; // not a string, not base64, too short
    }
  }
}

// Sealed messages (docs/protocol.md, docs/decisions/sealed-messages.md): every message with the host
// is encrypted and authenticated with a key this page agrees with the host at each connect, against
// the host's public key. A listener on the Wi-Fi reads nothing but sizes and timing.
//
// tweetnacl-js (vendored, public domain) sets `self.nacl` when loaded; its randomness is the
// browser's crypto.getRandomValues, which plain http has (only crypto.subtle needs https).

import "../vendor/nacl-fast.min.js";

const nacl = self.nacl;
const NONCE = 24;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function toB64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function fromB64(text) {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const toB64url = (bytes) => toB64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

// The address's fragment (`#key=...&k=...`): the browser never sends it over the network.
export const fragment = () => new URLSearchParams(location.hash.slice(1));

// The host's public key: the fragment's `k` (from the QR or the address cashrun printed, so a page
// that came from it knows it talks to that laptop) wins over the page's own `data-host-key`.
// null when neither is a key: the page then does not connect at all, never in plain text.
function hostKey() {
  const text = fragment().get("k") || document.body.dataset.hostKey || "";
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return null;
  const bytes = fromB64(text.replace(/-/g, "+").replace(/_/g, "/") + "=");
  return bytes.length === nacl.box.publicKeyLength ? bytes : null;
}

export const HOST_KEY = hostKey();

// One connection's seal: a fresh key pair, so a page key is never used twice (the host refuses a
// replayed one). seal: standard base64 of nonce || secretbox(JSON text).
export class Sealer {
  constructor(host = HOST_KEY) {
    const pair = nacl.box.keyPair();
    this.pub = pair.publicKey;
    this.shared = nacl.box.before(host, pair.secretKey);
  }

  // The socket's `auth`: this page's public key and the credentials sealed.
  auth(credentials) {
    return { seal: toB64url(this.pub), box: this.seal(credentials) };
  }

  seal(data) {
    const nonce = nacl.randomBytes(NONCE);
    const box = nacl.secretbox(encoder.encode(JSON.stringify(data)), nonce, this.shared);
    const out = new Uint8Array(NONCE + box.length);
    out.set(nonce);
    out.set(box, NONCE);
    return toB64(out);
  }

  // The data of a sealed frame, or undefined when it does not open (not a string, not base64,
  // not sealed with this connection's key, not JSON).
  open(text) {
    if (typeof text !== "string") return undefined;
    try {
      const bytes = fromB64(text);
      if (bytes.length < NONCE + nacl.secretbox.overheadLength) return undefined;
      const plain = nacl.secretbox.open(bytes.subarray(NONCE), bytes.subarray(0, NONCE), this.shared);
      return plain ? JSON.parse(decoder.decode(plain)) : undefined;
    } catch (e) {
      return undefined;
    }
  }
}

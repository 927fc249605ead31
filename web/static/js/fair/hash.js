// SHA-256 and HMAC-SHA256 for the fairness scheme (docs/fairness.md): SubtleCrypto where the page is
// a secure context, the plain JavaScript of sha256.js elsewhere (a phone over http).

import { load } from "../core/lazy.js";

const utf8 = (text) => new TextEncoder().encode(text);
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

// { sha256(bytes), hmacKey(key) -> sign(message) }, all async.
async function webCrypto() {
  const subtle = globalThis.crypto && globalThis.crypto.subtle;
  if (!subtle) return (await load("../fair/sha256.js")).plain;
  return {
    sha256: async (bytes) => new Uint8Array(await subtle.digest("SHA-256", bytes)),
    hmacKey: async (key) => {
      const k = await subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
      return async (message) => new Uint8Array(await subtle.sign("HMAC", k, message));
    },
  };
}

// The SHA-256 hex of a text's UTF-8: a start value's commitment, a chain's next link.
async function sha256hex(text, crypto = null) {
  const c = crypto || await webCrypto();
  return hex(await c.sha256(utf8(text)));
}

// `n` random bytes as lowercase hex, from the browser's cryptographic random source.
function randomHex(n) {
  return hex(crypto.getRandomValues(new Uint8Array(n)));
}

export { utf8, hex, webCrypto, sha256hex, randomHex };

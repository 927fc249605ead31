// What this screen keeps for the fairness check (docs/fairness.md), per game in local storage:
// the seed's hash as shown before this phone sent its own randomness, and that client seed.

const KEEP = { phone: "cashrun.fair", table: "cashrun.fair.table" };
const MAX_GAMES = 30; // the newest games are kept; older entries go

// 32 lowercase hex characters from the browser's cryptographic random source.
function newClientSeed() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function all(kind) {
  try { return JSON.parse(localStorage.getItem(KEEP[kind]) || "{}") || {}; } catch { return {}; }
}

function kept(gameId, kind = "phone") { return all(kind)[gameId] || null; }

function keep(gameId, entry, kind = "phone") {
  const games = all(kind);
  delete games[gameId];
  games[gameId] = entry;
  const ids = Object.keys(games);
  for (const old of ids.slice(0, Math.max(0, ids.length - MAX_GAMES))) delete games[old];
  localStorage.setItem(KEEP[kind], JSON.stringify(games));
}

// A phone in a lobby: it has a client seed for this lobby's hash, and the host has it at its seat.
// A phone moved to a new lobby (Play again) or seated with a hash it had not seen makes a new one
// now that it knows the hash, and sends it with `seed`.
let sending = null;
function keepSeed(msg, send) {
  if (!msg || msg.kind !== "lobby" || !msg.view.seed_hash) return;
  let entry = kept(msg.game_id);
  if (!entry || entry.seed_hash !== msg.view.seed_hash || !entry.client_seed) {
    entry = { seed_hash: msg.view.seed_hash, client_seed: newClientSeed() };
    keep(msg.game_id, entry);
  }
  const you = msg.view.you || {};
  if (you.client_seed !== entry.client_seed && sending !== entry.client_seed) {
    sending = entry.client_seed;
    send(entry.client_seed).finally(() => { sending = null; });
  }
}

export { newClientSeed, kept, keep, keepSeed };

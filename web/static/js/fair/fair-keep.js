// What this screen keeps for the fairness scheme (docs/fairness.md), per game in local storage: the
// seed's hash as shown before this phone sent its own randomness, its client seed, its start value
// (sent first as its commitment, revealed when the banker starts) and the seed of its hash chain
// (whose links are its spins for opponents), with the commitment and the chain's head. The phone
// makes and sends them in fair-seat.js; the table screen keeps only the seed's hash.

const KEEP = { phone: "cashrun.fair", table: "cashrun.fair.table" };
const MAX_GAMES = 30; // the newest games are kept; older entries go

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

export { kept, keep };

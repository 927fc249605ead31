// A phone's own randomness for the fairness scheme (docs/fairness.md): made when it takes a seat,
// sent with `join`, `claim` or `seed`, its chain walked for its part of each stake's draw it is a
// side of, its start value revealed when the banker starts. Kept with fair-keep.js.

import { kept, keep } from "./fair-keep.js";
import { load } from "../core/lazy.js";

// Hashing is loaded only when the phone makes or walks its chain.
const hashing = () => load("../fair/hash.js");

const CHAIN_LENGTH = 1024; // the links a phone can give: one per stake's draw it is a side of

// The links x0 … xN of a chain: x0 random (64 hex), each next one the SHA-256 hex of the one before.
const chains = new Map(); // x0 -> its links, worked out once per page
async function chainOf(x0) {
  if (!chains.has(x0)) {
    const { sha256hex } = await hashing();
    const links = [x0];
    for (let i = 0; i < CHAIN_LENGTH; i++) links.push(await sha256hex(links[i]));
    chains.set(x0, links);
  }
  return chains.get(x0);
}

// A new seat's randomness: what `join`, `claim` and `seed` send, and what the phone keeps.
async function newFair() {
  const { sha256hex, randomHex } = await hashing();
  const start_value = randomHex(16), chain_seed = randomHex(32);
  const links = await chainOf(chain_seed);
  return { client_seed: randomHex(16), start_value, start_commit: await sha256hex(start_value),
    chain_seed, chain: links[CHAIN_LENGTH] };
}

// What a message sends of it (never the start value or the chain's seed).
const sent = (entry) => ({ client_seed: entry.client_seed, start_commit: entry.start_commit, chain: entry.chain });

// The head a waiting stake's draw needs this seat's link to open (fixed when the draw began); null
// when the draw needs none from it.
function headFor(view, seat) {
  const w = (view && view.waiting) || {};
  const at = Array.isArray(w.sides) ? w.sides.indexOf(seat) : -1;
  return at >= 0 && w.links[at] === null ? w.heads[at] : null;
}

// The link to give now: the one whose hash is `head` (the seat's head, or the link given last).
async function nextLink(gameId, head) {
  const entry = kept(gameId);
  if (!entry || !entry.chain_seed) return null;
  const links = await chainOf(entry.chain_seed);
  const at = links.indexOf(head);
  return at > 0 ? links[at - 1] : null;
}

// A phone in a lobby: it has its randomness for this lobby's hash, and the host has it at its seat.
// A phone moved to a new lobby (Play again) or seated with a hash it had not seen makes new ones
// now that it knows the hash, and sends them with `seed` (not once the banker started: then they
// are final).
let sending = null;
async function keepSeed(msg, send) {
  if (!msg || msg.kind !== "lobby" || !msg.view.seed_hash || msg.view.starting || sending) return;
  let entry = kept(msg.game_id);
  if (!entry || entry.seed_hash !== msg.view.seed_hash || !entry.client_seed || !entry.chain_seed) {
    sending = "making";
    entry = { seed_hash: msg.view.seed_hash, ...await newFair() };
    keep(msg.game_id, entry);
    sending = null;
  }
  const you = msg.view.you || {};
  if (you.client_seed !== entry.client_seed || you.start_commit !== entry.start_commit || you.chain !== entry.chain) {
    sending = entry.client_seed;
    send(sent(entry)).finally(() => { sending = null; });
  }
}

// The banker started: this phone reveals the start value it committed to, without a tap.
let revealing = null;
function revealStart(msg, send) {
  if (!msg || msg.kind !== "lobby" || !msg.view.starting) return;
  const you = msg.view.you || {};
  const entry = kept(msg.game_id);
  if (you.revealed || !entry || !entry.start_value || you.start_commit !== entry.start_commit) return;
  if (revealing === entry.start_value) return;
  revealing = entry.start_value;
  send(entry.start_value).then((answer) => { if (!answer || !answer.ok) revealing = null; });
}

// A side of a stake's draw that the rulebook gives nothing to do (not the one who spins, rolls or
// draws) gives its link at once, without a tap: `act` sends the draw_for. Once per draw.
let giving = null;
async function giveLink(msg, act) {
  if (!msg || msg.kind === "lobby" || !msg.view || msg.view.phase !== "opponent_draw") return;
  const head = headFor(msg.view, msg.seat);
  if (head === null || msg.view.waiting.spinner === msg.seat || giving === `${msg.game_id}:${head}`) return;
  giving = `${msg.game_id}:${head}`;
  const link = await nextLink(msg.game_id, head);
  if (!link) return;
  const answer = await act({ type: "draw_for", link });
  if (!answer || (!answer.ok && answer.error && answer.error.code !== "bad_link")) giving = null; // try again on the next view
}

export { newFair, sent, nextLink, headFor, giveLink, keepSeed, revealStart };

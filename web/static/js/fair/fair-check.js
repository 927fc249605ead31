// The check of a finished game in the page itself (docs/fairness.md), independent of the host's
// code: the same steps, in the same order and with the same failure codes, as engine/fairness.py.
// Loaded only when a game is over. Input: the game's export (the engine's to_json) and what this
// screen kept: { seed_hash, client_seed, seat } (any may be null).

import { utf8, hex, webCrypto } from "./hash.js";

const CHANCE = new Set(["spin", "die", "dice", "card", "shuffle", "tuck"]);
const HIDDEN_DECKS = new Set(["bluff"]); // their shuffle's draws are [k, n]: the order is secret
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const SUITS = ["hearts", "diamonds", "spades", "clubs"];
const BLUFF_ORDER = ["blank", "roulette", "dice", "cards"]; // the unshuffled pile, kind by kind
const CLIENT_SEED = /^[0-9a-f]{32}$/; // also the form of a start value
const HASH = /^[0-9a-f]{64}$/; // a start value's commitment, a link of a phone's hash chain
const isSeed = (x) => typeof x === "string" && CLIENT_SEED.test(x);
const isHash = (x) => typeof x === "string" && HASH.test(x);
const TWO_64 = 1n << 64n;
// Draw k below n: attempt a is HMAC(key, "k:a"), or "k:a:links" with the sides' links joined by ":"; the first
// 8 bytes big-endian, kept below 2^64 − (2^64 mod n); the outcome is that value mod n.
async function derive(sign, k, n, link = null) {
  const big = BigInt(n), bound = TWO_64 - (TWO_64 % big);
  for (let attempt = 0; ; attempt++) {
    const digest = await sign(utf8(link === null ? `${k}:${attempt}` : `${k}:${attempt}:${link}`));
    let value = 0n;
    for (let i = 0; i < 8; i++) value = (value << 8n) | BigInt(digest[i]);
    if (value < bound) return Number(value % big);
  }
}

function fisherYates(items, values) {
  const out = [...items];
  values.forEach((j, step) => { const i = out.length - 1 - step; [out[i], out[j]] = [out[j], out[i]]; });
  return out;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// A chance event that fixes a secret: its draws are [k, n], the value derived once the seed is out.
const hidden = (e) => e.type === "tuck" || (e.type === "shuffle" && HIDDEN_DECKS.has(e.deck));
const deckSize = (exp) => Object.values((exp.settings || {}).bluff_deck || {}).reduce((a, b) => a + b, 0);

// Whether what a chance event shows follows from its draws' values (`values` by draw number);
// `tuckN`: the n a tuck must have (tuckSizes).
function shows(e, values, exp, log, tuckN) {
  const draws = (e.draws || []).map((d) => [d[0], d[1], values[d[0]]]);
  if (e.type === "shuffle") {
    const settings = exp.settings || {};
    const deck = e.deck === "bluff"
      ? BLUFF_ORDER.flatMap((kind) => Array((settings.bluff_deck || {})[kind] || 0).fill(kind))
      : [...Array((settings.box || []).length).keys()];
    const ns = draws.map((d) => d[1]);
    if (!same(ns, deck.slice(1).map((_, i) => deck.length - i))) return false;
    const order = fisherYates(deck, draws.map((d) => d[2]));
    if (e.deck === "bluff") return same(order, exp.bluff_symbols);
    const each = settings.starting_casinos || 0;
    return log.filter((x) => x.type === "dealt").every((x) =>
      same(x.casinos, order.slice(x.seat * each, (x.seat + 1) * each).sort((a, b) => a - b)));
  }
  if (draws.length !== 1) return false;
  const [, n, v] = draws[0];
  if (e.type === "tuck") return n === tuckN;
  if (e.type === "spin") return n === 37 && e.number === v;
  if (e.type === "die") return n === 6 && e.value === v + 1;
  if (e.type === "dice") return n === 36 && same(e.values, [Math.floor(v / 6) + 1, (v % 6) + 1]);
  return n === 52 && e.rank === RANKS[v % 13] && e.suit === SUITS[Math.floor(v / 13)];
}

// The start values, each null or opening its commit (sent before the seats were final); null when
// the record's lists are not in the right form.
async function startValues(start, c) {
  const commits = start.start_commits, values = start.start_values, seats = (start.players || []).length;
  if (!(Array.isArray(commits) && Array.isArray(values) && commits.length === seats && values.length === seats)) return null;
  if (commits.some((x) => x !== null && !isHash(x))) return null;
  for (let s = 0; s < seats; s++) {
    const v = values[s];
    if (v !== null && !(isSeed(v) && hex(await c.sha256(utf8(v))) === commits[s])) return null;
  }
  return values;
}

const RESULTS = new Set(["game_result", "pot_game", "grand_slam_step"]); // what a stake's draw decides
const sha = async (c, x) => hex(await c.sha256(utf8(x)));
const pairs = (links) => Array.isArray(links) && links.every((p) => Array.isArray(p) && p.length === 2);

// The sides of a stake's draw that give a link (engine/opponent.py): the bettor, then the casino's
// owner for a duel, else the next player after the bettor; each if it has a phone (and is not out).
function sides(heads, out, bettor, kind, owner) {
  const seats = heads.length;
  if (!(Number.isInteger(bettor) && bettor >= 0 && bettor < seats) || !["duel", "pot", "slam"].includes(kind)) return [];
  const has = (s) => Number.isInteger(s) && s >= 0 && s < seats && heads[s] !== null && !out.has(s);
  const preferred = kind === "duel" ? owner : null;
  let other = has(preferred) && preferred !== bettor ? preferred : null;
  for (let step = 1; other === null && step < seats; step++) if (has((bettor + step) % seats)) other = (bettor + step) % seats;
  return [bettor, other].filter((s) => s !== null && has(s));
}

// Each [seat, link] opens the seat's head, which the link then becomes.
async function follow(heads, links, c) {
  for (const [seat, link] of links) {
    if (!isHash(link) || await sha(c, link) !== heads[seat]) return false;
    heads[seat] = link;
  }
  return true;
}

// Every stake's draw carries the links of exactly the sides that have a phone (`alone` when none
// has), each hashing to its seat's head, which it then becomes (a new phone's `chain` event gives a
// new head); the spin after a zero keeps its draw's links. A `forfeit` names a side; every result
// follows its own draw or forfeit (or a true bluff card turned over). The failing event's index, or -1.
async function followChains(start, log, c) {
  const seats = (start.players || []).length;
  if (!Array.isArray(start.chains) || start.chains.length !== seats || start.chains.some((x) => x !== null && !isHash(x))) return 0;
  const heads = [...start.chains], out = new Set();
  let owner = null, last = null, decided = false;
  for (let i = 0; i < log.length; i++) {
    const e = log[i], kind = e.type;
    if (kind === "chain" && Number.isInteger(e.seat) && e.seat >= 0 && e.seat < seats && isHash(e.head)) heads[e.seat] = e.head;
    else if (kind === "bankrupt") out.add(e.seat);
    else if (kind === "bet" || kind === "buy_back") owner = e.owner;
    else if (kind === "forfeit") {
      const s = sides(heads, out, e.bettor, e.for, owner);
      if (!s.includes(e.seat) || !pairs(e.links) || e.links.some((p) => !s.includes(p[0]) || p[0] === e.seat)) return i;
      if (!await follow(heads, e.links, c)) return i;
      decided = true;
    } else if (RESULTS.has(kind)) {
      const turned = i > 1 && log[i - 1].type === "tuck" ? log[i - 2] : {}; // a true card, tucked
      if (!(decided || (turned.type === "bluff_challenged" && turned.valid === true))) return i;
      decided = false;
    }
    if (!CHANCE.has(kind)) continue;
    const links = e.links ?? null;
    if (!("for" in e)) {
      if (links !== null || "alone" in e) return i;
      continue;
    }
    const s = sides(heads, out, e.seat, e.for, owner);
    if (!s.length) {
      if (e.alone !== true || links !== null) return i;
    } else if ("alone" in e || !pairs(links) || !same(links.map((p) => p[0]), s)) return i;
    else if (!same(links, last) && !await follow(heads, links, c)) return i;
    const zero = kind === "spin" && e.number === 0;
    last = zero ? links : null;
    decided = decided || !zero;
  }
  return -1;
}

// How an event changes its seat's hand of bluff cards (a challenged card leaves it, then is tucked).
const HAND = { bluff_bought: 1, bluff_returned: -1, bluff_accepted: -1, bluff_challenged: -1 };

// The n each tuck (by event index) must have: the bluff deck less every card in a hand, counted from
// the events (dealt, bought, returned, played, given and taken by the banker, a bankrupt's hand, an undo's counts).
function tuckSizes(log, seats, deck) {
  let hands = Array(seats).fill(0);
  const sizes = new Map();
  log.forEach((e, i) => {
    const seat = Number.isInteger(e.seat) ? e.seat : -1, mine = seat >= 0 && seat < seats;
    if (e.type === "dealt" && mine && Number.isInteger(e.bluff_count)) hands[seat] = e.bluff_count;
    else if (e.type in HAND && mine) hands[seat] += HAND[e.type];
    else if (e.type === "correction" && mine && (e.kind === "give_bluff" || e.kind === "take_bluff")) hands[seat] += e.kind === "give_bluff" ? 1 : -1;
    else if (e.type === "bankrupt" && mine) hands[seat] = 0;
    else if (e.type === "undone" && Array.isArray(e.bluff) && e.bluff.length === seats) hands = e.bluff.map((x) => (Number.isInteger(x) ? x : 0));
    else if (e.type === "tuck") sizes.set(i, deck - hands.reduce((a, b) => a + b, 0));
  });
  return sizes;
}

// The draws the laptop made alone (neither side of the bet had a phone), by number.
const aloneDraws = (log) => log.filter((e) => CHANCE.has(e.type) && e.alone).flatMap((e) => (e.draws || []).map((d) => d[0]));
// The seats whose phone did not give its link for a stake's draw in time, one per forfeit.
const forfeits = (log) => log.filter((e) => e.type === "forfeit").map((e) => e.seat);
// A stake's draw's links joined by ":", the message's end; null for none.
const joined = (e) => (Array.isArray(e.links) && e.links.length ? e.links.map((p) => p[1]).join(":") : null);

// Every check; { ok, draws, failed: code or null, where, steps: [{ id, ok }], alone } where a step's
// ok is true, false, or null (not checked: this screen kept nothing for it, or an earlier check failed).
// The codes: no_start, not_over, seed_hash, kept_hash, client_seeds, start_values, own_seed, own_start,
// chain, gap, derive, shown. `own` may hold this phone's start_value too.
async function checkGame(exp, own = {}, crypto = null) {
  const steps = { hash: null, own: null, start: null, chain: null, gap: null, derive: null, shown: null };
  let count = 0;
  const log = (exp && exp.log) || [];
  const start = log[0] && log[0].type === "game_started" ? log[0] : null;
  const result = (failed, where = null) => ({
    ok: !failed, draws: count, failed, where, steps: Object.entries(steps).map(([id, ok]) => ({ id, ok })),
    seed_hash: start && start.seed_hash, seed: exp && exp.seed, client_seeds: start && start.client_seeds,
    start_values: start && start.start_values, start_commits: start && start.start_commits, alone: aloneDraws(log),
    forfeits: forfeits(log), players: start && start.players,
  });
  if (!start) return result("no_start");
  if (typeof exp.seed !== "string" || !log.some((e) => e.type === "game_won")) return result("not_over");
  const c = crypto || await webCrypto();
  const hash = hex(await c.sha256(utf8(exp.seed)));
  steps.hash = hash === start.seed_hash && (!own.seed_hash || own.seed_hash === start.seed_hash);
  if (hash !== start.seed_hash) return result("seed_hash");
  if (own.seed_hash && own.seed_hash !== start.seed_hash) return result("kept_hash");
  const seeds = start.client_seeds;
  if (!Array.isArray(seeds) || seeds.length !== (start.players || []).length
      || seeds.some((s) => s !== null && !isSeed(s))) return result("client_seeds");
  const starts = await startValues(start, c);
  steps.start = starts !== null;
  if (!starts) return result("start_values");
  if (own.client_seed) {
    steps.own = seeds[own.seat] === own.client_seed;
    if (!steps.own) return result("own_seed");
  }
  if (own.start_value) {
    const at = Number.isInteger(own.seat) && own.seat >= 0 && own.seat < starts.length ? starts[own.seat] : undefined;
    steps.own = at === null || at === own.start_value; // null: the game started without it (the details say so)
    if (!steps.own) return result("own_start");
  }
  const broken = await followChains(start, log, c);
  steps.chain = broken < 0;
  if (broken >= 0) return result("chain", broken);
  const chance = log.filter((e) => CHANCE.has(e.type));
  const shapes = chance.flatMap((e) => (e.draws || []).map(() => (hidden(e) ? 2 : 3)));
  const draws = chance.flatMap((e) => (e.draws || []).map((d) => [d, joined(e)]));
  count = draws.length;
  const gap = draws.findIndex(([d], i) => !(Array.isArray(d) && d.length === shapes[i] && d[0] === i));
  steps.gap = gap < 0;
  if (gap >= 0) return result("gap", gap);
  // The key: the seed, each seat's client seed, then (when any seat sent one) each seat's start value.
  const parts = starts.some((v) => v) ? [...seeds, ...starts] : seeds;
  const sign = await c.hmacKey(utf8(exp.seed + parts.map((s) => `|${s || ""}`).join("")));
  const values = await Promise.all(draws.map(([[k, n], link]) => (Number.isInteger(n) && n >= 1 ? derive(sign, k, n, link) : null)));
  const wrong = draws.findIndex(([d], i) => values[i] === null || (d.length === 3 && values[i] !== d[2]));
  steps.derive = wrong < 0;
  if (wrong >= 0) return result("derive", draws[wrong][0][0]);
  const tucks = tuckSizes(log, seeds.length, deckSize(exp));
  const shown = log.findIndex((e, i) => CHANCE.has(e.type) && !shows(e, values, exp, log, tucks.get(i)));
  steps.shown = shown < 0;
  if (shown >= 0) return result("shown", shown);
  return result(null);
}

export { checkGame, derive };

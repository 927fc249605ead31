// Updates instead of whole views: the host sends what changed since the last message, in two
// parts (public: the same for every screen of the table; own: this screen's), and the page
// keeps the whole message, as tests/support/screen.py does for companion/wire/updates.py's (docs/protocol.md, "Updates").

// `old` with `change` made; `old` is left as it was (what changes is copied, the rest shared).
function patch(old, change) {
  if (Array.isArray(change)) return change[0];
  if (Array.isArray(old)) {
    const items = old.slice(change.cut || 0);
    for (const [i, inner] of Object.entries(change.at || {})) items[+i] = patch(items[+i], inner);
    if (change.splice) { const [i, n, added] = change.splice; items.splice(i, n, ...added); }
    return items;
  }
  const out = { ...old };
  for (const [key, inner] of Object.entries(change)) {
    if (Array.isArray(inner) && inner.length === 0) delete out[key];
    else out[key] = patch(old[key], inner);
  }
  return out;
}

// The whole message of a public and an own part (a phone's secrets, `you`, are in its own part,
// named as `named` gives them).
function join(pub, own, you) {
  const msg = { ...own, ...pub, view: { ...pub.view } };
  delete msg.you;
  if ("you" in own) msg.view.you = you;
  return msg;
}

// A bluff card's symbol travels as one letter, so that a message's length says nothing of the
// cards (companion/play/symbols.py); the page reads the names again here, and only here.
const SYMBOLS = { r: "roulette", d: "dice", c: "cards", b: "blank" };

// `you` with its cards' symbols named.
function named(you) {
  if (!you || !you.bluff_cards) return you;
  return { ...you, bluff_cards: you.bluff_cards.map((card) => ({ ...card, symbol: SYMBOLS[card.symbol] })) };
}

class Updates {
  constructor() { this.reset(); }

  reset() { this.version = null; this.pub = null; this.own = null; this.coded = undefined; this.you = undefined; }

  // The whole message after `u`, or null when `u` does not follow the last one (ask for a whole one).
  take(u) {
    if ("base" in u && u.base !== this.version) return null;
    if ("public" in u) this.pub = patch(this.pub, u.public);
    if ("own" in u) this.own = patch(this.own, u.own);
    this.version = u.v;
    if (this.own.you !== this.coded) { this.coded = this.own.you; this.you = named(this.coded); } // the same object while it did not change
    return join(this.pub, this.own, this.you);
  }
}

export { Updates, patch };

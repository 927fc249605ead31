// Updates instead of whole views: the host sends what changed since the last message, in two
// parts (public: the same for every screen of the table; own: this screen's), and the page
// keeps the whole message, as tests/screen.py does for companion/wire/updates.py's (docs/protocol.md, "Updates").

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

// The whole message of a public and an own part (a phone's secrets, `you`, are in its own part).
function join(pub, own) {
  const msg = { ...own, ...pub, view: { ...pub.view } };
  delete msg.you;
  if ("you" in own) msg.view.you = own.you;
  return msg;
}

class Updates {
  constructor() { this.reset(); }

  reset() { this.version = null; this.pub = null; this.own = null; }

  // The whole message after `u`, or null when `u` does not follow the last one (ask for a whole one).
  take(u) {
    if ("base" in u && u.base !== this.version) return null;
    if ("public" in u) this.pub = patch(this.pub, u.public);
    if ("own" in u) this.own = patch(this.own, u.own);
    this.version = u.v;
    return join(this.pub, this.own);
  }
}

export { Updates, patch };

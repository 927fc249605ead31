// Small helpers to build DOM from data. User text always goes in as textContent.

const SVGNS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") el.textContent = String(v);
    else if (k === "class") el.setAttribute("class", v);
    else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
    else if (k === "disabled" || k === "hidden") { if (v) el.setAttribute(k, ""); }
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(child(c));
  }
  return el;
}

function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVGNS, tag), attrs, children);
}

// An icon from the inline sprite in the page (<symbol id="i-NAME">).
function icon(name, cls = "icon") {
  return s("svg", { class: cls, "aria-hidden": "true", focusable: "false" },
    s("use", { href: `#i-${name}` }));
}

function $(sel, root = document) { return root.querySelector(sel); }

// `el`'s words, changed in its one text node when it has one: a new node is a change of its children,
// which restyles every `:has()` above it (the table's middle column has many).
function setText(el, text) {
  const only = el.firstChild;
  if (only && only === el.lastChild && only.nodeType === Node.TEXT_NODE && text !== "") { if (only.data !== text) only.data = text; }
  else if (el.textContent !== text) el.textContent = text;
}

// ---------- updates that cost what they change ----------
// A render builds what the screen should be; `patch` then brings the screen there while keeping its
// nodes: a node of the same tag is patched in place (its attributes, text and children), so the
// browser restyles and lays out only what changed, and the focus, scroll and running animations stay.
// A node already on the page (a kept part, a component's own element) is used as it is: the render
// holds a stand-in comment for it (so building never takes it off the page), and `patch` places it,
// never patches it nor patches another node into it.

const owned = new WeakSet(); // a component's element (the stage, the board's ring): only placed, never patched
const standIn = new WeakMap(); // a node built for a render -> the node on the page patched to look like it
const refs = new WeakMap(); // a stand-in comment -> the node on the page it stands for
let live = new Set(); // the nodes on the page that this render shows again
let stubs = [];
let depth = 0;

// `el` is a component's: a render may place it, never patch it or patch another node into it.
function own(el) { owned.add(el); return el; }

// A stand-in for `node`, which stays where it is on the page until `patch` places it.
function stub(node) {
  const ref = document.createComment("");
  refs.set(ref, node);
  live.add(node);
  stubs.push(ref);
  return ref;
}

// The node `x` stands for: the kept node of a stand-in from `Parts.use`, else `x` itself.
function nodeOf(x) { return refs.get(x) || x; }

function child(c) {
  if (!(c instanceof Node)) return document.createTextNode(String(c));
  return c.isConnected && owned.has(c) ? stub(c) : c;
}

function sameKind(old, next) {
  return old.nodeType === next.nodeType && old.nodeName === next.nodeName && !owned.has(old) && !owned.has(next);
}

function morph(old, next) {
  standIn.set(next, old);
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.data !== next.data) old.data = next.data;
    return;
  }
  // By name: reading `attributes` makes an Attr object of each (three times the cost, in the update's script).
  for (const name of next.getAttributeNames()) {
    const value = next.getAttribute(name);
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  for (const name of old.getAttributeNames()) if (!next.hasAttribute(name)) old.removeAttribute(name);
  patch(old, [...next.childNodes]);
  // A field's live value follows what the render says it holds (as a new field's would).
  if (old.tagName === "INPUT" || old.tagName === "TEXTAREA" || old.tagName === "SELECT") {
    if (old.value !== next.value) old.value = next.value;
    if (old.checked !== next.checked) old.checked = next.checked;
  }
}

// Make `parent`'s children `wanted` (nodes or text; null and false left out), keeping its nodes where it can.
function patch(parent, wanted) {
  depth++;
  try {
    const list = wanted.flat(Infinity).filter((n) => n !== null && n !== undefined && n !== false && n !== "")
      .map((n) => refs.get(n) || (n instanceof Node ? n : document.createTextNode(String(n))));
    for (const n of list) if (n.isConnected) live.add(n);
    let here = null; // this list as a set, made only when a node is looked for further on
    let old = parent.firstChild;
    for (const next of list) {
      if (next === old) { old = old.nextSibling; continue; }
      // A node of this parent further on, with none of this list before it: it stays put. The nodes
      // before it are dropped (they go) or wanted elsewhere (they are moved there, by the patch of
      // their new parent or as a stand-in's node): moving it instead would lay its whole subtree out again.
      if (next.parentNode === parent && old) {
        here ||= new Set(list);
        let x = old;
        while (x && x !== next && !here.has(x)) x = x.nextSibling;
        if (x === next) {
          while (old !== next) { const after = old.nextSibling; if (!live.has(old)) old.remove(); old = after; }
          old = old.nextSibling;
          continue;
        }
      }
      if (next.isConnected || owned.has(next) || !old || live.has(old) || !sameKind(old, next)) {
        parent.insertBefore(next, old);
        continue;
      }
      morph(old, next);
      old = old.nextSibling;
    }
    while (old) { const after = old.nextSibling; if (!live.has(old)) old.remove(); old = after; }
  } finally {
    if (--depth === 0) {
      for (const ref of stubs) if (ref.isConnected) ref.replaceWith(refs.get(ref)); // inside a new node
      live = new Set();
      stubs = [];
    }
  }
}

// The parts of a screen, each rebuilt only when what it shows changed: `use(key, deps, build)` gives
// the node built last time for `key` (a stand-in for it while it is on the page) while every dep is
// the same object or value (===) and the language is the same, else `build()`'s. `sweep()` after a
// render forgets the parts it did not use; a part used inside another's `build` is used while that
// one is kept.
class Parts {
  constructor() { this.parts = new Map(); this.used = new Set(); this.inner = null; }

  use(key, deps, build) {
    this.used.add(key);
    this.inner?.push(key);
    const had = this.parts.get(key);
    const lang = document.documentElement.lang;
    if (had && had.lang === lang && had.deps.length === deps.length && had.deps.every((d, i) => d === deps[i])) {
      this.keep(had);
      had.node = standIn.get(had.node) || had.node;
      return had.node.isConnected ? stub(had.node) : had.node;
    }
    const outer = this.inner;
    const inner = this.inner = [];
    let node;
    try { node = build(); } finally { this.inner = outer; }
    this.parts.set(key, { deps, lang, node, inner });
    return node;
  }

  // The parts a kept part was built with are still on the page: used too.
  keep(part) {
    for (const key of part.inner) {
      this.used.add(key);
      const had = this.parts.get(key);
      if (had) this.keep(had);
    }
  }

  sweep() {
    for (const key of this.parts.keys()) if (!this.used.has(key)) this.parts.delete(key);
    this.used.clear();
  }
}

export { h, s, icon, $, setText, patch, own, nodeOf, Parts };

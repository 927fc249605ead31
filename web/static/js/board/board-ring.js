// The family's board as a ring of spaces round the stage (and in the board editor's preview):
// each space in its casino's colour with its symbol, the pawns on their spaces, a pawn's walk
// animated when its position changes, the runner's lap drawn. Table screen only.

import { h, icon, own } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { pawnClass, pawnMark } from "../core/pawn.js";

const motion = matchMedia("(prefers-reduced-motion: reduce)"); // asked once, not a new list each time
const reduced = () => motion.matches;
// Where the pawns sharing a space stand, as fractions of the space's size.
const SPOTS = [[0, 0], [-0.22, -0.22], [0.22, 0.22], [0.22, -0.22], [-0.22, 0.22], [0, -0.3]];
const WALK_MS = 140;
const LONGEST_WALK = 12;

// Short words for a space on its tile (the casino's symbol and colour say the rest).
function spaceLabel(space, box) {
  const c = space.space === "casino" ? box[space.casino] : null;
  if (c) return c.name;
  return space.symbol ? `${t(`space.${space.space}`)} · ${t(`symbol.${space.symbol}`)}` : t(`space.${space.space}`);
}

// A space's tile; in the editor's preview (`pick`) a button that picks the space to change.
function tile(space, at, box, pick) {
  const c = space.space === "casino" ? box[space.casino] : null;
  const mark = c ? icon(c.symbol) : space.space === "bluff" ? icon("sp-bluff") : space.symbol ? icon(space.symbol)
    : h("span", { class: "tile-abbr", text: t(`boardedit.abbr_${space.space}`) });
  const cls = `tile k-${space.space}${c ? ` c-${c.colour}` : ""}`;
  const what = `${at + 1}: ${spaceLabel(space, box)}`;
  return h(pick ? "button" : "div", { class: cls, "data-base": cls, "data-at": at, title: what,
    ...(pick ? { type: "button", "data-act": "bd-at", "aria-label": what } : {}) },
  h("span", { class: "tile-no", text: String(at + 1) }), mark, c ? h("span", { class: "swatch", "aria-hidden": "true" }) : null);
}

class BoardRing {
  // `maxEm`: the largest space, in the ring's font size (the stage keeps that much room round its
  // middle). `pick`: the editor's preview, whose spaces are buttons.
  constructor(cls = "", maxEm = Infinity, pick = false) {
    this.el = own(h("div", { class: `board-ring ${cls}`, role: pick ? "group" : "img" }));
    this.maxEm = maxEm;
    this.pickable = pick;
    this.key = null;
    this.tiles = [];
    this.pawns = new Map();
    this.at = new Map();
    this.size = 0;
    this.points = [];
    new ResizeObserver(() => this.layout()).observe(this.el);
  }

  // The spaces (and the casinos they name, by id): redrawn only when they change. `slots` > the
  // spaces: the editor's next space is drawn empty after them.
  draw(spaces, box, slots = spaces.length) {
    const key = JSON.stringify([spaces, box.map((c) => [c.name, c.colour, c.symbol]), slots, document.documentElement.lang]);
    if (key === this.key) return;
    this.key = key;
    this.slots = Math.max(slots, 1);
    this.tiles = spaces.map((sp, at) => tile(sp, at, box, this.pickable));
    if (slots > spaces.length) {
      const next = this.pickable ? { type: "button", "data-act": "bd-at", "aria-label": t("boardedit.next", { n: spaces.length + 1 }) } : {};
      this.tiles.push(h(this.pickable ? "button" : "div", { class: "tile next", "data-base": "tile next", "data-at": spaces.length, ...next },
        h("span", { class: "tile-no", text: String(spaces.length + 1) })));
    }
    this.el.replaceChildren(...this.tiles, ...this.pawns.values());
    this.el.setAttribute("aria-label", t("boardedit.ring", { n: spaces.length }));
    this.layout();
  }

  // The editor's preview: the space being entered or changed stands out.
  pick(at) {
    this.tiles.forEach((el, i) => { el.classList.toggle("picked", i === at); el.setAttribute("aria-pressed", i === at ? "true" : "false"); });
  }

  // Space centres clockwise from the top left corner, side by side, a space in every corner:
  // `top` spaces on the top side (the corner after it included), `side` down the right, and the
  // same back along the bottom (one more when the count is odd) and up the left.
  layout() {
    const W = this.el.clientWidth, H = this.el.clientHeight, n = Math.max(this.slots || 1, 4);
    if (!W || !H) return;
    const top = Math.max(1, Math.round((n / 2) * (W / (W + H)))), side = Math.max(1, Math.floor(n / 2) - top), bottom = n - top - 2 * side;
    const em = parseFloat(getComputedStyle(this.el).fontSize) || 16;
    const size = Math.min(W / (Math.max(top, bottom) + 1), H / (side + 1)) * 0.94;
    const tile = Math.min(size, this.maxEm * em);
    const x0 = tile / 2, y0 = tile / 2, x1 = W - tile / 2, y1 = H - tile / 2;
    const run = (k, count, a, b) => a + ((b - a) * k) / count;
    this.size = tile;
    this.el.style.setProperty("--tile", `${tile.toFixed(1)}px`);
    this.points = [
      ...Array.from({ length: top }, (_, k) => [run(k, top, x0, x1), y0]),
      ...Array.from({ length: side }, (_, k) => [x1, run(k, side, y0, y1)]),
      ...Array.from({ length: bottom }, (_, k) => [run(k, bottom, x1, x0), y1]),
      ...Array.from({ length: side }, (_, k) => [x0, run(k, side, y1, y0)]),
    ];
    this.tiles.forEach((el, i) => Object.assign(el.style, { left: `${this.points[i][0] - tile / 2}px`, top: `${this.points[i][1] - tile / 2}px` }));
    this.placePawns(false);
  }

  // The game: every pawn on its space, the suggested space, the lap of each runner.
  update(view) {
    this.view = view;
    const n = this.tiles.length;
    for (const el of this.tiles) el.className = el.dataset.base || el.className;
    const sug = view.phase === "land" && view.waiting ? view.waiting.suggested : null;
    if (sug && this.tiles[sug.at]) this.tiles[sug.at].classList.add("target");
    for (const p of view.players) {
      if (p.lap_from === null || p.lap_from === undefined || !this.tiles[p.lap_from]) continue;
      this.tiles[p.lap_from].classList.add("lap-home", pawnClass(p));
      for (let k = 1; k <= Math.min(p.lap_steps || 0, n); k++) this.tiles[(p.lap_from + k) % n].classList.add("lap-done", pawnClass(p));
    }
    for (const p of view.players) {
      if (!this.pawns.has(p.seat)) this.pawns.set(p.seat, h("span", { class: `ring-pawn ${pawnClass(p)}`, "data-seat": p.seat, title: p.name }, pawnMark(p)));
      const el = this.pawns.get(p.seat);
      el.hidden = p.position === null || p.position === undefined || p.out;
      if (!el.isConnected) this.el.append(el);
    }
    this.placePawns(true);
  }

  spot(seat, at) {
    const here = (this.view.players || []).filter((p) => p.position === at && !p.out).map((p) => p.seat);
    const [dx, dy] = SPOTS[Math.max(0, here.indexOf(seat)) % SPOTS.length];
    const [x, y] = this.points[at];
    return [x + dx * this.size, y + dy * this.size];
  }

  // Each pawn to its space: walking space by space from where it stood (a short way forward), else straight.
  placePawns(walk) {
    if (!this.view || !this.points.length) return;
    const n = this.tiles.length, half = this.size * 0.21;
    for (const p of this.view.players) {
      const el = this.pawns.get(p.seat);
      if (!el || el.hidden || !this.points[p.position]) continue;
      const [x, y] = this.spot(p.seat, p.position);
      const from = this.at.get(p.seat);
      const ahead = from === undefined ? 0 : (p.position - from + n) % n;
      const pos = ([a, b]) => ({ left: `${a - half}px`, top: `${b - half}px` });
      if (walk && ahead > 0 && !reduced()) {
        const path = ahead <= LONGEST_WALK ? Array.from({ length: ahead + 1 }, (_, k) => this.points[(from + k) % n]) : [this.points[from]];
        el.animate([...path.map(pos), pos([x, y])], { duration: WALK_MS * path.length, easing: "ease-in-out" });
      }
      Object.assign(el.style, pos([x, y]), { width: `${2 * half}px`, height: `${2 * half}px` });
      this.at.set(p.seat, p.position);
    }
  }
}

// The runner's lap in words: how far round, from which space.
function lapLine(view, spaces) {
  const runner = view.players.find((p) => p.lap_from !== null && p.lap_from !== undefined);
  if (!runner) return null;
  return h("p", { class: `lap-line ${pawnClass(runner)}`, "data-out": "lap" }, pawnMark(runner),
    h("span", { text: t("boardedit.lap", { name: runner.name, n: Math.min(runner.lap_steps || 0, spaces.length), of: spaces.length, from: runner.lap_from + 1 }) }));
}

export { BoardRing, lapLine, spaceLabel };

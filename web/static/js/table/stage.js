// The randomisers as the table watches them: an SVG roulette wheel, two dice and a playing card.
// They only show outcomes the host already drew (`spin`, `dice`, `die`, `card`) and a bluff card
// turned over, each in the time the host's reveal clock gives it (docs/protocol.md).
// The stage tells story.js when an outcome starts to play (`stage-play`) and when it is idle again
// (`stage-idle`); the caption under the outcome belongs to the turn it was drawn in. Nothing names an
// outcome before the stage shows it: a card's caption comes once its face is up. A screen without
// motion plays nothing: it shows the outcome when the host's clock ends (`finish`), and till then
// the seconds left.

import { h, s, icon, own, setText } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { RED, SUIT_SIGN, cardLong, numberColour, eventText } from "../core/words.js";
import { play as sound } from "../core/sounds.js";
import { setData } from "../core/common.js";
import { playerName } from "../core/actions.js";

const ORDER = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26];
const SHOWN = new Set(["spin", "dice", "die", "card", "bluff_challenged"]);
// Seconds for an outcome that came without the host's reveal clock (a host with reveals off).
const PLAIN = { spin: 4, dice: 2.5, die: 2, card: 2, bluff_challenged: 2.5 };
// Milliseconds a card takes to turn over (table.css, .pcard-in): its face is up at the end.
const TURN = 600;
const FOCUS = { spin: "spin", dice: "dice", die: "dice", card: "card", bluff_challenged: "bluff" };

const motion = matchMedia("(prefers-reduced-motion: reduce)"); // asked once, not a new list each time
const reduced = () => motion.matches;

// ---------- the wheel ----------
function wheelSvg() {
  const n = ORDER.length, R = 100, r = 76, step = 360 / n;
  const rot = s("g", { class: "wheel-rot" });
  ORDER.forEach((num, i) => {
    const a0 = ((i - 0.5) * step - 90) * Math.PI / 180, a1 = ((i + 0.5) * step - 90) * Math.PI / 180;
    const p = (rad, a) => `${(110 + rad * Math.cos(a)).toFixed(2)} ${(110 + rad * Math.sin(a)).toFixed(2)}`;
    const col = num === 0 ? "green" : RED.has(num) ? "red" : "black";
    rot.append(s("path", { class: `pocket ${col}`, d: `M${p(R, a0)} A${R} ${R} 0 0 1 ${p(R, a1)} L${p(r, a1)} A${r} ${r} 0 0 0 ${p(r, a0)}Z` }));
    const mid = (i * step - 90) * Math.PI / 180;
    const tx = (110 + 88 * Math.cos(mid)).toFixed(2), ty = (110 + 88 * Math.sin(mid)).toFixed(2);
    rot.append(s("text", { class: "pnum", x: tx, y: ty, transform: `rotate(${(i * step).toFixed(2)} ${tx} ${ty})`,
      "text-anchor": "middle", "dominant-baseline": "central" }, String(num)));
  });
  rot.append(s("circle", { cx: 110, cy: 110, r: 76, class: "track" }));
  rot.append(s("circle", { cx: 110, cy: 110, r: 60, class: "hub" }));
  for (let k = 0; k < 8; k++) {
    const a = k * 45 * Math.PI / 180;
    rot.append(s("line", { x1: 110, y1: 110, x2: (110 + 56 * Math.cos(a)).toFixed(1), y2: (110 + 56 * Math.sin(a)).toFixed(1), class: "spoke" }));
  }
  rot.append(s("circle", { cx: 110, cy: 110, r: 14, class: "cap" }));
  return s("svg", { viewBox: "0 0 220 220", class: "wheel", role: "img", "aria-label": t("table.wheel") },
    s("circle", { cx: 110, cy: 110, r: 108, class: "rim" }),
    rot,
    s("path", { d: "M102 0 L118 0 L110 16 Z", class: "pointer" }),
    s("circle", { cx: 110, cy: 42, r: 5, class: "ball", "data-ball": "" }));
}

// A die is one element whose face draws its pips (table.css): a new face restyles the die alone.
const dieEl = () => h("div", { class: "die", role: "img" });
// A die's face `v`; 0 is a blank die (an outcome still to come).
function showFace(d, v) {
  if (d.dataset.face === String(v)) return;
  d.dataset.face = String(v);
  d.setAttribute("aria-label", v ? String(v) : "?");
}

// Set only when new: the same again still restyles.
function label(el, text) {
  if (el.getAttribute("aria-label") !== text) el.setAttribute("aria-label", text);
}

function cardEl() {
  return h("div", { class: "pcard", "data-side": "back", role: "img", "aria-label": t("table.card") },
    h("div", { class: "pcard-in" }, h("div", { class: "pcard-back" }), h("div", { class: "pcard-front" },
      h("span", { class: "corner", "data-card": "corner" }), h("span", { class: "big", "data-card": "big" }))));
}

function bluffEl() {
  return h("div", { class: "pcard bluff-card", "data-side": "back", role: "img", "aria-label": t("show.bluff_card") },
    h("div", { class: "pcard-in" }, h("div", { class: "pcard-back" }), h("div", { class: "pcard-front", "data-bluff": "" })));
}

class Stage {
  constructor() {
    this.el = own(h("section", { class: "stage", "aria-label": t("table.wheel"), "data-act": "skip" }));
    this.wheel = wheelSvg();
    this.rot = this.wheel.querySelector(".wheel-rot");
    this.angle = 0;
    this.rotated = null; // the angle the wheel's style holds (rotate)
    this.dice = [dieEl(), dieEl()];
    this.card = cardEl();
    this.bluff = bluffEl();
    this.turning = new Map(); // a card -> when it last started turning over (it turns for TURN ms)
    this.caption = h("p", { class: "stage-caption", "aria-live": "polite", "data-out": "stage" });
    this.skip = h("button", { type: "button", class: "btn skip", "data-act": "skip", title: t("show.skip_hint"), text: t("show.skip") });
    this.el.append(
      h("div", { class: "rnd wheel-box", "data-rnd": "spin" }, this.wheel),
      h("div", { class: "rnd dice-box", "data-rnd": "dice" }, this.dice),
      h("div", { class: "rnd card-box", "data-rnd": "card" }, this.card),
      h("div", { class: "rnd card-box", "data-rnd": "bluff" }, this.bluff),
      h("div", { class: "stage-foot" }, this.skip, this.caption));
    showFace(this.dice[0], 1); showFace(this.dice[1], 1);
    this.seen = null;
    this.queue = [];
    this.busy = false;
    this.view = null;
    this.gen = 0;
    this.anim = null;
    this.lastLog = null; // the log showLast last showed
    this.shown = null; // what showLast last wrote (the outcome's event and the caption's case), till the stage plays
    this.until = null; // performance.now() when the host's reveal clock ends, while one runs
    this.waited = false; // the last view came held (connected during a reveal): nothing to play
    this.noted = null; // {text, symbol}: what the caption says instead of the last outcome (setNote)
  }

  // A stake's draw waits, or its time ran out: the caption says what the headline says (who spins,
  // whose phone did not answer) instead of the last outcome, which is dimmed; while a draw waits its
  // randomiser stands blank (one die, the card's back), so the player's earlier roll does not read as
  // this draw's throw. `symbol`: the draw's game, null after it. Shown once the stage is idle.
  setNote(text, symbol = null) {
    const was = this.noted;
    if ((was ? `${was.symbol}|${was.text}` : null) === (text ? `${symbol}|${text}` : null)) return;
    this.noted = text ? { text, symbol } : null;
    this.shown = null;
    if (this.idle && this.view) this.showLast();
  }

  // The note's part of showLast: true when it wrote the caption.
  showNote() {
    if (!this.noted) return false;
    const { text, symbol } = this.noted;
    const kind = symbol === "roulette" ? "spin" : symbol === "dice" ? "dice" : symbol === "cards" ? "card" : null;
    if (kind) this.focus(kind);
    if (kind === "dice") { setData(this.el, "dice", "1"); showFace(this.dice[0], 0); } else if (kind === "card") this.turn(this.card, "back");
    this.caption.classList.remove("named");
    this.say(text);
    setData(this.el, "stale", "");
    return true;
  }

  focus(kind) { setData(this.el, "focus", kind); }

  say(text) { setText(this.caption, text); }

  // The wheel at `this.angle` (set only when new: the same again still restyles).
  rotate() {
    if (this.rotated === this.angle) return;
    this.rotated = this.angle;
    this.rot.style.transform = `rotate(${this.angle}deg)`;
  }

  // New outcomes since the last view are played in order, each for its seconds in `reveal.steps`;
  // the first view only shows the latest outcome. A view the host held (this screen connected
  // during a reveal: `reveal` without steps) is the state from before it: the stage waits for the
  // clock's end, and then shows the new outcome at once.
  feed(view, reveal = null) {
    const waited = this.waited;
    this.waited = false;
    this.view = view;
    this.until = reveal ? performance.now() + reveal.remaining * 1000 : null;
    const log = view.log || [];
    const start = view.log_start || 0;
    const end = start + log.length;
    const held = !!reveal && !reveal.steps;
    if (this.seen === null || waited || held) {
      this.seen = end;
      this.gen += 1;
      this.queue = [];
      this.busy = false;
      delete this.el.dataset.playing;
      this.showLast();
      if (held) { this.waited = this.busy = true; this.untilClock(); }
      return;
    }
    if (end < this.seen) { this.seen = end; return; } // an undo: nothing to replay
    const secs = new Map(((reveal && reveal.steps) || []).map(([i, sec]) => [i, sec]));
    for (let i = Math.max(this.seen, start); i < end; i++) {
      const e = log[i - start];
      if (SHOWN.has(e.type)) this.queue.push([e, secs.get(i) ?? PLAIN[e.type]]);
    }
    this.seen = end;
    this.run();
  }

  // The latest outcome, and under it what the caption says now: the outcome while its turn lasts
  // (the opening's rolls until the first player rolls), nothing in a later turn, and a landing on
  // another space than the dice led to once it is named.
  showLast() {
    this.lastLog = this.view && this.view.log;
    const log = this.lastLog || [];
    let i = log.length - 1;
    while (i >= 0 && !SHOWN.has(log[i].type)) i--;
    const after = log.slice(i + 1);
    const named = after.findLast((e) => e.type === "landed" && typeof e.dice_at === "number");
    const later = after.some((e) => e.type === "turn") && !after.some((e) => e.type === "first_player");
    // Shown already (the same event, kept by an update), with this caption, since the stage last
    // played: nothing to write (its words cost as much as the rest of the stage's part of an update).
    const event = i >= 0 ? log[i] : null;
    const said = `${named ? `${named.at}/${named.dice_at}` : ""} ${later} ${this.noted ? this.noted.text : ""}`;
    if (this.shown && this.shown.event === event && this.shown.said === said) return;
    this.shown = { event, said };
    if (event) this.show(event);
    if (this.showNote()) return;
    this.caption.classList.toggle("named", !!named);
    if (named) this.say(t("show.named_short", { space_no: named.at + 1, dice_no: named.dice_at + 1 }));
    else if (later) this.say("");
    if (later && !named) setData(this.el, "stale", ""); else delete this.el.dataset.stale;
  }

  // The banker skipped, or the reveal ended: stop at once and show the latest outcome.
  finish() {
    if (this.idle) return;
    this.gen += 1;
    this.queue = [];
    if (this.anim) this.anim.cancel();
    this.anim = null;
    this.busy = false;
    this.dice.forEach((d) => d.classList.remove("rolling"));
    delete this.el.dataset.playing;
    delete this.el.dataset.zero;
    this.showLast();
    this.el.dispatchEvent(new Event("stage-idle"));
  }

  // Waits `ms`; false once finish() has cut the play short.
  async wait(ms) {
    const gen = this.gen;
    if (ms > 0) await new Promise((r) => setTimeout(r, ms));
    return gen === this.gen;
  }

  async run() {
    if (this.busy) return;
    this.busy = true;
    const gen = this.gen;
    let played = false;
    while (this.queue.length && gen === this.gen) {
      played = true;
      const [e, sec] = this.queue.shift();
      if (reduced() && this.until !== null) await this.untilClock(e);
      else try { await this.play(e, sec * 1000, reduced()); } catch { this.show(e); }
    }
    if (gen !== this.gen) return;
    this.busy = false;
    delete this.el.dataset.playing;
    // Nothing played and no new event: what it shows is still right.
    if (played || this.view.log !== this.lastLog) this.showLast();
    this.el.dispatchEvent(new Event("stage-idle"));
  }

  // Without motion (or with nothing to play: `e` null): the outcome waits for the end of the host's
  // clock (finish()), the old one dimmed and the dice blank; the caption says in how many seconds
  // this screen shows it.
  async untilClock(e = null) {
    this.shown = null;
    this.el.dataset.playing = e ? e.type : "wait";
    this.el.dispatchEvent(new Event("stage-play"));
    this.caption.classList.remove("named");
    setData(this.el, "stale", "");
    const kind = e ? FOCUS[e.type] : null;
    if (kind) this.focus(kind);
    if (kind === "dice") {
      setData(this.el, "dice", String(e.type === "dice" ? 2 : 1));
      this.dice.forEach((d) => showFace(d, 0));
    } else if (kind === "card") this.turn(this.card, "back");
    else if (kind === "bluff") this.turn(this.bluff, "back");
    do {
      const text = t("show.shows_in", { n: Math.max(0, Math.ceil((this.until - performance.now()) / 1000)) });
      this.say(text); // read out once a second
    } while (await this.wait(250));
  }

  show(e) {
    if (e.type === "spin") {
      this.focus("spin");
      this.angle = -ORDER.indexOf(e.number) * (360 / ORDER.length);
      this.rotate();
      this.say(t("table.last_number", { number: e.number, colour: t(`colour.${numberColour(e.number)}`) }));
    } else if (e.type === "dice" || e.type === "die") {
      this.focus("dice");
      const vals = e.type === "dice" ? e.values : [e.value];
      setData(this.el, "dice", String(vals.length));
      vals.forEach((v, i) => showFace(this.dice[i], v));
      this.say(eventText(e, this.view));
    } else if (e.type === "card") {
      this.focus("card");
      this.setCard(e);
      this.turn(this.card, "front");
      this.say(t("table.last_card", { card: cardLong(e.rank, e.suit) }));
    } else if (e.type === "bluff_challenged") {
      this.focus("bluff");
      this.setBluff(e);
      this.turn(this.bluff, "front");
      const words = t("show.bluff_symbol", { symbol: t(`bluff.${e.symbol}`), played: t(`symbol.${e.played}`) });
      label(this.bluff, words);
      this.say(words);
    }
  }

  // A card to `side` at once: a turn still running ends (no face is named while it turns).
  turn(el, side) {
    // Already there and not turning: nothing to end.
    if (el.dataset.side === side && !(performance.now() - (this.turning.get(el) || 0) < TURN)) return;
    if (reduced()) { el.dataset.side = side; return; } // no transition to skip: no style worked out now
    el.classList.add("now");
    el.dataset.side = side;
    void getComputedStyle(el.firstChild).transform; // the side is taken without its transition (no layout)
    el.classList.remove("now");
  }

  setBluff(e) {
    const face = this.bluff.querySelector("[data-bluff]");
    face.replaceChildren(icon(e.symbol === "blank" ? "bl-blank" : e.symbol, "icon bluff-icon"), h("span", { text: t(`bluff.${e.symbol}`) }));
  }

  setCard(e) {
    const red = e.suit === "hearts" || e.suit === "diamonds";
    this.card.classList.toggle("red", red);
    setText(this.card.querySelector('[data-card="corner"]'), `${t(`rank.${e.rank}`)}${SUIT_SIGN[e.suit]}`);
    setText(this.card.querySelector('[data-card="big"]'), SUIT_SIGN[e.suit]);
    label(this.card, cardLong(e.rank, e.suit));
  }

  // One outcome in `ms` (a fraction of it with reduced motion): the motion, then the result shown.
  async play(e, ms, fast) {
    const run = fast ? Math.min(ms, 600) : ms;
    this.shown = null;
    this.el.dataset.playing = e.type;
    delete this.el.dataset.stale;
    this.caption.classList.remove("named");
    this.el.dispatchEvent(new Event("stage-play"));
    if (e.type === "spin") {
      this.focus("spin");
      this.say(t("ev.spin", { seat: playerName(this.view, e.seat), number: "…", colour: "…" }).replace(/\s*\(.*\)$/, ""));
      const target = -ORDER.indexOf(e.number) * (360 / ORDER.length);
      const from = this.angle;
      let to = target;
      while (to > from - 720) to -= 360; // at least two full turns, always the same way
      const spin = fast ? 0 : run * 0.75;
      if (spin) {
        this.anim = this.rot.animate([{ transform: `rotate(${from}deg)` }, { transform: `rotate(${to}deg)` }],
          { duration: spin, easing: "cubic-bezier(.12,.7,.2,1)" });
        // The ticks slow down with the wheel.
        let gap = 60;
        const ticking = (async () => { while (this.anim && this.anim.playState === "running") { sound("tick"); await this.wait(gap); gap *= 1.08; } })();
        await this.anim.finished.catch(() => {});
        await ticking;
      }
      if (!await this.wait(0)) return;
      this.angle = ((to % 360) + 360) % 360 - 360;
      this.rotate();
      sound("stop");
      this.show(e);
      if (e.number === 0) {
        this.say(t("table.zero_again"));
        this.el.dataset.zero = "1";
        if (!await this.wait(run - spin)) return;
        delete this.el.dataset.zero;
      } else if (!await this.wait(run - spin)) return;
    } else if (e.type === "dice" || e.type === "die") {
      this.focus("dice");
      const vals = e.type === "dice" ? e.values : [e.value];
      setData(this.el, "dice", String(vals.length));
      this.say(t("show.rolling", { name: playerName(this.view, e.seat) }));
      const roll = fast ? 0 : run * 0.6;
      if (roll) {
        this.dice.forEach((d) => d.classList.add("rolling"));
        for (let k = 0; k < roll / 80; k++) {
          vals.forEach((_, i) => showFace(this.dice[i], 1 + Math.floor(Math.random() * 6)));
          sound("rattle");
          if (!await this.wait(80)) return;
        }
        this.dice.forEach((d) => d.classList.remove("rolling"));
      }
      this.show(e);
      if (!await this.wait(run - roll)) return;
    } else if (e.type === "card" || e.type === "bluff_challenged") {
      const el = e.type === "card" ? this.card : this.bluff;
      this.focus(e.type === "card" ? "card" : "bluff");
      this.turn(el, "back");
      this.say(e.type === "card" ? t("show.drawing", { name: playerName(this.view, e.seat) }) : t("show.bluff_turned"));
      const turn = fast ? 0 : run * 0.3;
      if (!await this.wait(turn)) return;
      if (e.type === "card") this.setCard(e); else this.setBluff(e);
      sound("flip");
      el.dataset.side = "front";
      this.turning.set(el, performance.now());
      // The caption names the face once it is up.
      const up = fast ? 0 : Math.min(TURN, run - turn);
      if (!await this.wait(up)) return;
      this.show(e);
      if (!await this.wait(run - turn - up)) return;
    }
    delete this.el.dataset.playing;
  }

  get idle() { return !this.busy && this.queue.length === 0; }
}

export { Stage, ORDER };

// The randomisers as the table watches them: an SVG roulette wheel, two dice and a playing card.
// They only show outcomes the host already drew (the `spin`, `dice`, `die` and `card` events).

import { h, s } from "./dom.js";
import { t } from "./i18n.js";
import { RED, SUIT_SIGN, cardLong, numberColour } from "./words.js";

const ORDER = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26];
const PIPS = { 1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] };
const SOUND = "cashrun.sound";
const RANDOM = new Set(["spin", "dice", "die", "card"]);

const reduced = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------- sound: tiny generated clicks, no files ----------
let audio = null;
function soundOn() { return localStorage.getItem(SOUND) !== "off"; }
function setSound(on) { localStorage.setItem(SOUND, on ? "on" : "off"); }
function tick(freq = 900, len = 0.03, vol = 0.08) {
  if (!soundOn()) return;
  try {
    audio = audio || new AudioContext();
    const o = audio.createOscillator(), g = audio.createGain();
    o.frequency.value = freq; o.type = "square";
    g.gain.setValueAtTime(vol, audio.currentTime);
    g.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + len);
    o.connect(g).connect(audio.destination);
    o.start(); o.stop(audio.currentTime + len);
  } catch { /* no audio here */ }
}

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

function dieEl() {
  const d = h("div", { class: "die", "data-face": "1", role: "img" });
  for (let i = 1; i <= 9; i++) d.append(h("span", { class: `pip p${i}` }));
  return d;
}
function showFace(d, v) {
  d.dataset.face = String(v);
  d.setAttribute("aria-label", String(v));
  d.querySelectorAll(".pip").forEach((p, i) => p.classList.toggle("on", PIPS[v].includes(i + 1)));
}

function cardEl() {
  return h("div", { class: "pcard", "data-side": "back", role: "img", "aria-label": t("table.card") },
    h("div", { class: "pcard-in" }, h("div", { class: "pcard-back" }), h("div", { class: "pcard-front" },
      h("span", { class: "corner", "data-card": "corner" }), h("span", { class: "big", "data-card": "big" }))));
}

class Stage {
  constructor() {
    this.el = h("section", { class: "stage", "aria-label": t("table.wheel") });
    this.wheel = wheelSvg();
    this.rot = this.wheel.querySelector(".wheel-rot");
    this.angle = 0;
    this.dice = [dieEl(), dieEl()];
    this.card = cardEl();
    this.caption = h("p", { class: "stage-caption", "aria-live": "polite", "data-out": "stage" });
    this.el.append(
      h("div", { class: "rnd wheel-box", "data-rnd": "spin" }, this.wheel),
      h("div", { class: "rnd dice-box", "data-rnd": "dice" }, this.dice),
      h("div", { class: "rnd card-box", "data-rnd": "card" }, this.card),
      this.caption);
    showFace(this.dice[0], 1); showFace(this.dice[1], 1);
    this.seen = null;
    this.queue = [];
    this.busy = false;
    this.view = null;
  }

  focus(kind) { this.el.dataset.focus = kind; }

  // New events since the last view are played in order; the first view only shows the latest state.
  feed(view) {
    this.view = view;
    const log = view.log || [];
    const end = (view.log_start || 0) + log.length;
    if (this.seen === null) {
      this.seen = end;
      const last = [...log].reverse().find((e) => RANDOM.has(e.type));
      if (last) this.show(last);
      return;
    }
    if (end < this.seen) { this.seen = end; return; } // an undo: nothing to replay
    const fresh = log.slice(Math.max(0, this.seen - (view.log_start || 0)));
    this.seen = end;
    for (const e of fresh) if (RANDOM.has(e.type)) this.queue.push(e);
    this.run();
  }

  async run() {
    if (this.busy) return;
    this.busy = true;
    while (this.queue.length) {
      const e = this.queue.shift();
      try { await this.play(e, this.queue.length > 3); } catch { this.show(e); }
    }
    this.busy = false;
  }

  name(seat) {
    const p = this.view && this.view.players.find((q) => q.seat === seat);
    return p ? p.name : "";
  }

  show(e) {
    if (e.type === "spin") {
      this.focus("spin");
      this.angle = -ORDER.indexOf(e.number) * (360 / ORDER.length);
      this.rot.style.transform = `rotate(${this.angle}deg)`;
      this.caption.textContent = t("table.last_number", { number: e.number, colour: t(`colour.${numberColour(e.number)}`) });
    } else if (e.type === "dice" || e.type === "die") {
      this.focus("dice");
      const vals = e.type === "dice" ? e.values : [e.value];
      this.el.dataset.dice = String(vals.length);
      vals.forEach((v, i) => showFace(this.dice[i], v));
      this.caption.textContent = vals.length === 2 ? t("table.last_dice", { a: vals[0], b: vals[1] }) : t("ev.die", { seat: this.name(e.seat), value: vals[0] });
    } else if (e.type === "card") {
      this.focus("card");
      this.setCard(e);
      this.card.dataset.side = "front";
      this.caption.textContent = t("table.last_card", { card: cardLong(e.rank, e.suit) });
    }
  }

  setCard(e) {
    const red = e.suit === "hearts" || e.suit === "diamonds";
    this.card.classList.toggle("red", red);
    this.card.querySelector('[data-card="corner"]').textContent = `${t(`rank.${e.rank}`)}${SUIT_SIGN[e.suit]}`;
    this.card.querySelector('[data-card="big"]').textContent = SUIT_SIGN[e.suit];
    this.card.setAttribute("aria-label", cardLong(e.rank, e.suit));
  }

  async play(e, hurry) {
    const fast = reduced() || hurry;
    this.el.dataset.playing = e.type;
    if (e.type === "spin") {
      this.focus("spin");
      this.caption.textContent = t("ev.spin", { seat: this.name(e.seat), number: "…", colour: "…" }).replace(/\s*\(.*\)$/, "");
      const target = -ORDER.indexOf(e.number) * (360 / ORDER.length);
      const from = this.angle;
      let to = target;
      while (to > from - 720) to -= 360; // at least two full turns, always the same way
      if (!fast) {
        const dur = 3200;
        const anim = this.rot.animate([{ transform: `rotate(${from}deg)` }, { transform: `rotate(${to}deg)` }],
          { duration: dur, easing: "cubic-bezier(.12,.7,.2,1)" });
        const ticker = setInterval(() => tick(1200, 0.015, 0.04), 90);
        await anim.finished.catch(() => {});
        clearInterval(ticker);
      }
      this.angle = ((to % 360) + 360) % 360 - 360;
      this.rot.style.transform = `rotate(${this.angle}deg)`;
      tick(500, 0.08);
      this.show(e);
      if (e.number === 0) {
        this.caption.textContent = t("table.zero_again");
        this.el.dataset.zero = "1";
        await sleep(fast ? 300 : 1200);
        delete this.el.dataset.zero;
      } else await sleep(fast ? 100 : 900);
    } else if (e.type === "dice" || e.type === "die") {
      this.focus("dice");
      const vals = e.type === "dice" ? e.values : [e.value];
      this.el.dataset.dice = String(vals.length);
      if (!fast) {
        this.dice.forEach((d) => d.classList.add("rolling"));
        for (let k = 0; k < 10; k++) {
          vals.forEach((_, i) => showFace(this.dice[i], 1 + Math.floor(Math.random() * 6)));
          tick(300 + Math.random() * 300, 0.02, 0.06);
          await sleep(80);
        }
        this.dice.forEach((d) => d.classList.remove("rolling"));
      }
      this.show(e);
      await sleep(fast ? 100 : 800);
    } else if (e.type === "card") {
      this.focus("card");
      this.card.dataset.side = "back";
      await sleep(fast ? 0 : 350);
      this.setCard(e);
      tick(2000, 0.05, 0.03);
      this.card.dataset.side = "front";
      this.show(e);
      await sleep(fast ? 100 : 1000);
    }
    delete this.el.dataset.playing;
  }

  get idle() { return !this.busy && this.queue.length === 0; }
}

export { Stage, soundOn, setSound, ORDER };

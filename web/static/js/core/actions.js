// The one place that turns legal actions into controls.
// A screen never invents an action: it picks one of the listed ones, fills in an amount or a
// reason where the listing asks for one, and sends it back.

import { t, has, money } from "./i18n.js";

// The number each kind of space carries on the board.
const SPACE_NO = { cash_and_run: 1, casino: 2, bluff: 3, win_pot: 4, everybody_plays: 5, grand_slam: 6, buy_back: 7 };

// Which fields a person chooses, in the order they are asked.
const ORDER = ["space", "symbol", "casino", "combination", "game", "pick", "card", "seat", "from", "to"];

// Groups that are shown open (the main choice of a phase) rather than behind a button.
const OPEN = ["place_pawn", "land", "bet", "play_pot", "buy_back", "offer_bluff", "return_bluff", "take_casino", "sell", "bid", "buy_bluff", "draw"];

const keyOf = (v) => JSON.stringify(v);

function group(legal) {
  const groups = new Map();
  for (const a of legal || []) {
    if (!groups.has(a.type)) groups.set(a.type, []);
    groups.get(a.type).push(a);
  }
  return groups;
}

// A form is a field the page fills in: {text: n}, {min, max, step} or {edit: current}.
function formKind(v) {
  if (!v || typeof v !== "object" || Array.isArray(v)) return null;
  if ("text" in v) return "text";
  if ("min" in v && "max" in v) return "amount";
  if ("edit" in v) return "edit";
  return null;
}
function formsOf(a) {
  return Object.keys(a).filter((k) => k !== "type" && formKind(a[k])).map((k) => ({ field: k, kind: formKind(a[k]), spec: a[k] }));
}

function fieldsOf(a) {
  const keys = Object.keys(a).filter((k) => k !== "type" && !formKind(a[k]));
  return keys.sort((x, y) => rank(x) - rank(y));
}
function rank(f) { const i = ORDER.indexOf(f); return i < 0 ? 99 : i; }

const needsAmount = (a) => !!a && formKind(a.amount) === "amount";

// Does this group ask for anything beyond one tap?
function isSimple(actions) {
  return actions.length === 1 && formsOf(actions[0]).length === 0;
}

function matching(actions, chosen) {
  return actions.filter((a) => Object.entries(chosen).every(([f, k]) => keyOf(a[f]) === k));
}

// The next question for a group given what is chosen: {field, options:[{key, value, action}]}
// or null when one action is left.
function nextStep(actions, chosen) {
  const left = matching(actions, chosen);
  if (left.length === 0) return { field: null, options: [], left };
  const fields = new Set(left.flatMap(fieldsOf));
  for (const f of [...fields].sort((x, y) => rank(x) - rank(y))) {
    if (f in chosen) continue;
    const seen = new Map();
    for (const a of left) {
      const k = keyOf(a[f]);
      if (!seen.has(k)) seen.set(k, { key: k, value: a[f], action: a });
    }
    if (seen.size > 1) return { field: f, options: [...seen.values()], left };
  }
  return null;
}

function chosenAction(actions, chosen) {
  const left = matching(actions, chosen);
  return left.length ? left[0] : null;
}

// Fill in the listed forms: values maps a form's field to what the person gave.
function complete(a, values = {}) {
  const out = { ...a };
  for (const f of formsOf(a)) out[f.field] = values[f.field];
  return out;
}

// Why a value cannot be sent yet (words for the person), or null.
function formProblem(form, value) {
  if (form.kind === "text") {
    const v = (value || "").trim();
    if (!v) return t("form.empty");
    if (v.length > form.spec.text) return t("form.too_long", { max: form.spec.text });
    return null;
  }
  if (form.kind === "amount") return rangeProblem(form.spec, value, shownAs(form.field));
  return null;
}

function rangeProblem(r, amount, show) {
  if (!Number.isInteger(amount) || (amount <= 0 && r.min > 0)) return t("amount.enter");
  if (amount < r.min) return t("amount.too_low", { min: show(r.min) });
  if (amount > r.max) return t("amount.too_high", { max: show(r.max) });
  if (r.step && amount % r.step) return t("amount.step", { step: show(r.step) });
  return null;
}

// How a number form's value is said: a board space (`at`, from 0) by its number on the board, else money.
function shownAs(field) {
  return field === "at" ? (x) => t("board.at", { n: x + 1 }) : money;
}

// ---- words and icons for the values a person picks ----

function casinoById(view, id) {
  return (view && view.casinos || []).find((c) => c.id === id);
}
function playerName(view, seat) {
  const p = (view && view.players || []).find((q) => q.seat === seat);
  return p ? p.name : t("seat.n", { n: seat + 1 });
}
function placeName(view, place) {
  if (place === "bank") return t("place.bank");
  if (place === "pot") return t("place.pot");
  return playerName(view, place);
}

function pickLabel(game, pick) {
  switch (game) {
    case "dozen": return t("pick.dozen", { from: pick * 12 - 11, to: pick * 12 });
    case "six": return t("pick.six", { from: pick * 6 - 5, to: pick * 6 });
    case "two_numbers": return t("pick.two", { a: pick[0], b: pick[1] });
    case "one_number": return t("pick.one", { a: pick });
    default: return t(`pick.${pick}`);
  }
}

function bluffLabel(view, id) {
  const you = view && view.you;
  const card = you && (you.bluff_cards || []).find((c) => c.id === id);
  return card ? t(`bluff.${card.symbol}`) : t("bluff.card");
}

// {text, icon, casino} for one value of a field of action a.
function valueLabel(field, value, view, a) {
  switch (field) {
    // A kind of space with its number on the board (the rules' 1 to 7) and what it does.
    case "space": return { text: t(`space.${value}`), icon: `sp-${value}`, no: SPACE_NO[value], does: has(`space_does.${value}`) ? t(`space_does.${value}`) : null };
    case "symbol": return { text: t(`symbol.${value}`), icon: value };
    case "casino": {
      const c = casinoById(view, value);
      return c ? { text: c.name, icon: c.symbol, casino: c } : { text: String(value) };
    }
    case "combination": return { text: (value || []).map((id) => (casinoById(view, id) || { name: id }).name).join(", ") };
    case "game": return { text: t(`game.${value}`) };
    case "pick": return { text: pickLabel(a.game, value) };
    case "at": return { text: shownAs(field)(value) };
    case "card": {
      // A bluff card's face is secret: `cover` is what shows until the player holds to look.
      const cards = (view && view.you && view.you.bluff_cards) || [];
      const i = cards.findIndex((x) => x.id === value);
      const c = cards[i];
      return { text: bluffLabel(view, value), icon: c && c.symbol !== "blank" ? c.symbol : "bl-blank",
        cover: t("bluff.nth", { n: i + 1 }), secret: true, card: c, n: i + 1 };
    }
    case "seat": case "from": case "to": return { text: a && a.type === "move_seat" && field === "to" ? String(value + 1) : placeName(view, value) };
    case "amount": return { text: typeof value === "number" ? money(value) : "" };
    default: return { text: String(value) };
  }
}

function actionLabel(type) { return t(`act.${type}`); }

// Short words for a whole action, for a confirmation line: "Red or black: red, 250,000".
function describe(a, view) {
  const parts = fieldsOf(a).filter((f) => f !== "reason" && a[f] !== undefined && a[f] !== "")
    .map((f) => { const l = valueLabel(f, a[f], view, a); return l.secret ? l.cover : l.text; });
  if (!parts.length) return actionLabel(a.type);
  const what = parts.join(" · ");
  return has(`confirm.${a.type}`) ? t(`confirm.${a.type}`, { what }) : `${actionLabel(a.type)}: ${what}`;
}

export {
  group, formsOf, formProblem, nextStep, chosenAction, complete, needsAmount, isSimple,
  shownAs, valueLabel, actionLabel, describe, OPEN,
  casinoById, playerName, placeName, pickLabel,
};

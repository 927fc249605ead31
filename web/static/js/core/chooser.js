// Controls for one group of legal actions (same type): ask for each choice in turn, then the
// amount or text the listing asks for, then confirm. Used by the phone and the table.
// State lives in store.state.ui.choice = {type, as, chosen: {field: key}, steps: [field], values: {}}.

import { h, icon } from "./dom.js";
import { cardTile } from "./bluffs.js";
import { t, has, num } from "./i18n.js";
import {
  nextStep, chosenAction, formsOf, formProblem, complete, valueLabel, actionLabel, describe, playerName, shownAs,
} from "./actions.js";

function newChoice(type, as) {
  return { type, as: as ?? null, chosen: {}, steps: [], values: {} };
}

// `first`: {field, key} chosen by the same tap (a game and its pick on one screen).
function optionButton(field, opt, view, a, first) {
  const lab = valueLabel(field, opt.value, view, a);
  const attrs = { type: "button", class: "opt", "data-act": "pick", "data-field": field, "data-key": opt.key };
  if (first) Object.assign(attrs, { "data-field": first.field, "data-key": first.key, "data-also": field, "data-also-key": opt.key });
  const kids = [];
  if (lab.casino) attrs.class += ` casino c-${lab.casino.colour}`;
  if (lab.secret) {
    // A bluff card: face down until held, with the button that chooses it under it.
    return h("div", { class: "card-pick" }, lab.card ? cardTile(lab.card, lab.n) : null,
      h("button", { ...attrs, class: "opt lay", text: t(field === "swap" ? "cards.give_back" : "cards.lay") }));
  }
  if (lab.casino) kids.push(h("span", { class: "swatch", "aria-hidden": "true" }));
  if (lab.icon) kids.push(icon(lab.icon));
  kids.push(h("span", { class: "opt-text", text: lab.no ? `${lab.no} ${lab.text}` : lab.text }));
  if (lab.does) kids.push(h("span", { class: "opt-sub", text: lab.does }));
  if (lab.casino) {
    // Who owns it and which game it plays; its colour is the button's edge and its shape (and read out).
    const c = lab.casino;
    const sub = [c.owner === null || c.owner === undefined ? t("chooser.no_owner") : playerName(view, c.owner), t(`symbol.${c.symbol}`)].join(" · ");
    attrs.title = `${c.name}: ${sub}`; // whole where a narrow screen shortens them
    kids.push(h("span", { class: "opt-sub" },
      h("span", { text: sub }),
      h("span", { class: "sr", text: `, ${t(`colour.${c.colour}`)}` })));
  }
  return h("button", attrs, kids);
}

// Every game with its picks on one screen: one tap chooses both (a game without a choice is one button).
function gamesAndPicks(actions, choice, step, view, list) {
  list.classList.add("f-games");
  for (const g of step.options) {
    const next = nextStep(actions, { ...choice.chosen, game: g.key });
    const name = valueLabel("game", g.value, view, g.action).text;
    const row = h("div", { class: "game-row", "data-game": g.value, role: "group", "aria-label": name }, h("p", { class: "game-name", text: name }));
    if (next && next.field === "pick") {
      for (const o of next.options) row.append(optionButton("pick", o, view, o.action, { field: "game", key: g.key }));
    } else row.append(optionButton("game", g, view, g.action));
    list.append(row);
  }
}

// Quick amounts in the game's unit: raises added to what the pad shows, then half, all in, clear.
// A stake offers instead the last stake and the usual amounts, each one tap, and one raise.
const RAISES = [1, 5, 10, 50];
const USUAL = [5, 10, 25];
// An amount form of these types shows its lowest valid value until the player changes it (a bid
// follows the lowest bid as others raise).
const START_AT_MIN = ["bid"];

function quickKeys(r, unit, stake) {
  const fits = (x) => Number.isInteger(x) && x >= r.min && x <= r.max && !(r.step && x % r.step);
  const sets = stake ? [...new Set([stake.last, ...USUAL.map((x) => x * unit)].filter(fits))].slice(0, 3) : [];
  const keys = sets.map((x, i) => ({ op: "set", amount: x, text: t(i === 0 && x === stake.last ? "phone.last" : "phone.set", { k: num(x / 1000) }) }));
  keys.push(...(stake ? [1] : RAISES).map((x) => x * unit).filter((x) => x <= r.max)
    .map((x) => ({ op: "add", amount: x, text: t("pad.plus", { k: num(x / 1000) }) })));
  keys.push({ op: "half", text: t("pad.half") }, { op: "all", text: t("pad.all") }, { op: "clear", text: t("pad.clear") });
  return keys;
}

// What a quick key or a pad key makes of the amount shown (undefined: nothing entered).
function nextAmount(r, cur, { op, amount, d }) {
  const step = r.step || 1;
  const have = Number.isInteger(cur) ? cur : 0;
  if (op === "add") return Math.min(r.max, have + amount);
  if (op === "set") return amount;
  if (op === "half") return Math.max(r.min, Math.floor(r.max / 2 / step) * step);
  if (op === "all") return r.max;
  if (op === "clear") return undefined;
  const typed = Number.isInteger(cur) ? String(cur) : "";
  const s = (d === "back" ? typed.slice(0, -1) : typed + d).replace(/^0+/, "").slice(0, 10);
  return s ? Number(s) : undefined;
}

// A board space (`at`, from 0) is asked for as the number on the board (from 1), not as money.
const FROM_1 = (field) => (field === "at" ? 1 : 0);

// The quick amounts and the pad are the same from one render to the next while their range is:
// `keep(key, deps, build)` gives the node built last time (dom.js Parts.use), or builds it.
const build = (key, deps, make) => make();

function amountControls(form, value, { pad, pending, unit, stake, keep = build }) {
  const r = form.spec;
  const one = FROM_1(form.field);
  const show = shownAs(form.field);
  const wrap = h("div", { class: "amount" });
  wrap.append(h("output", { class: "amount-value", "data-out": "amount", "aria-live": "polite",
    text: Number.isInteger(value) ? show(value) : "—" }));
  wrap.append(h("p", { class: "hint range", "data-out": "range", text: t("amount.range", { min: show(r.min), max: show(r.max) }) }));
  wrap.append(keep(`quick-${form.field}`, [r.min, r.max, r.step, unit, stake ? stake.last : undefined, pending, one], () => {
    const quick = h("div", { class: "quick", role: "group", "aria-label": t("amount.quick") });
    for (const k of one ? [] : quickKeys(r, unit || r.step || 1, stake)) {
      quick.append(h("button", { type: "button", class: `chip q-${k.op}`, "data-act": "quick", "data-op": k.op,
        "data-amount": k.amount, disabled: pending, text: k.text }));
    }
    return quick;
  }));
  if (pad) {
    wrap.append(keep(`pad-${form.field}`, [], () => {
      const grid = h("div", { class: "pad", role: "group", "aria-label": t("amount.pad") });
      for (const d of ["1", "2", "3", "4", "5", "6", "7", "8", "9", "back", "0", "000"]) {
        grid.append(h("button", { type: "button", class: "key", "data-act": "digit", "data-d": d,
          "aria-label": d === "back" ? t("pad.back") : d, text: d === "back" ? "⌫" : d }));
      }
      return grid;
    }));
  } else {
    wrap.append(h("label", { class: "field" }, h("span", { text: t("amount.label") }),
      h("input", { type: "number", inputmode: "numeric", min: r.min + one, max: r.max + one, step: r.step || 1,
        "data-form": form.field, value: Number.isInteger(value) ? value + one : "" })));
  }
  return wrap;
}

// The element for one group; `opts` = {view, pending, pad, title, cancel, extra(action) -> node,
// aside: other buttons shown beside the confirm, together: a game and its pick asked on one screen,
// stake: {types, last}: the action types whose amount is a stake, and the last stake,
// keep(key, deps, build): the parts kept from one render to the next (see amountControls)}
function renderChooser(actions, choice, opts) {
  const { view, pending } = opts;
  const box = h("section", { class: "chooser", "data-type": choice.type, "aria-label": actionLabel(choice.type) });
  box.append(h("h3", { class: "chooser-title", text: opts.title || actionLabel(choice.type) }));

  // What is chosen so far, with a way back (and out, while options are asked for).
  const step = nextStep(actions, choice.chosen);
  const asking = !!(step && step.field);
  const cancel = opts.cancel !== false ? h("button", { type: "button", class: "link", "data-act": "cancel", text: t("ui.cancel") }) : null;
  if (choice.steps.length) {
    const a0 = chosenAction(actions, choice.chosen) || actions[0];
    const crumbs = h("p", { class: "crumbs" });
    for (const f of choice.steps) {
      const v = JSON.parse(choice.chosen[f]);
      const lab = valueLabel(f, v, view, { ...a0, [f]: v });
      crumbs.append(h("span", { class: "crumb", text: lab.secret ? lab.cover : lab.text }));
    }
    crumbs.append(h("button", { type: "button", class: "link", "data-act": "back", text: t("ui.back") }));
    if (asking && cancel) crumbs.append(cancel);
    box.append(crumbs);
  }

  if (asking) {
    const q = has(`ask.${choice.type}.${step.field}`) ? `ask.${choice.type}.${step.field}` : `ask.${step.field}`;
    const together = opts.together && step.field === "game";
    box.append(h("p", { class: "question", text: t(together ? "phone.game_pick" : q) }));
    const list = h("div", { class: `options f-${step.field}`, role: "group", "aria-label": t(`ask.${step.field}`) });
    if (together) gamesAndPicks(actions, choice, step, view, list);
    else for (const o of step.options) list.append(optionButton(step.field, o, view, o.action));
    box.append(list);
    const aside = [...(opts.aside || []), choice.steps.length ? null : cancel].filter(Boolean);
    if (aside.length) box.append(h("div", { class: "row aside" }, aside));
    return box;
  }

  const a = chosenAction(actions, choice.chosen);
  if (!a) return box;
  if (formsOf(a).some((f) => f.kind === "amount")) box.classList.add("has-amount");
  if (opts.extra) { const x = opts.extra(a); if (x) box.append(h("div", { class: "extra" }, x)); }
  let problem = null;
  for (const f of formsOf(a)) {
    if (f.kind === "amount" && START_AT_MIN.includes(choice.type) && !choice.touched) choice.values[f.field] = f.spec.min;
    const val = choice.values[f.field];
    const stake = opts.stake && opts.stake.types.includes(choice.type) ? opts.stake : null;
    if (f.kind === "amount") box.append(amountControls(f, val, { pad: opts.pad, pending, unit: view && view.unit, stake, keep: opts.keep }));
    else if (f.kind === "text") {
      box.append(h("label", { class: "field" }, h("span", { text: t(`form.${f.field}`) }),
        h("input", { type: "text", maxlength: f.spec.text, "data-form": f.field, value: val || "", autocomplete: "off" })));
    }
    problem = problem || formProblem(f, val);
  }
  box.append(h("p", { class: "problem", "data-out": "problem", role: "status", text: formsOf(a).length && problem ? problem : "" }));
  const ready = complete(a, choice.values);
  box.append(h("div", { class: "row confirm-bar" },
    h("button", { type: "button", class: "btn primary big", "data-act": "confirm", disabled: pending || !!problem,
      "aria-busy": pending ? "true" : null, text: describe(ready, view) }),
    opts.aside || [],
    opts.cancel === false ? null : h("button", { type: "button", class: "btn", "data-act": "cancel", text: t("ui.cancel") })));
  return box;
}

// Handle a click inside a chooser. Returns true when it was one.
function chooserClick(el, store, actionsFor, send) {
  const act = el.dataset.act;
  const ui = store.state.ui;
  const choice = ui.choice;
  if (!choice || !["pick", "back", "cancel", "digit", "quick", "confirm"].includes(act)) return false;
  const actions = actionsFor(choice);
  const next = { ...choice, chosen: { ...choice.chosen }, steps: [...choice.steps], values: { ...choice.values } };
  if (act === "pick") {
    next.chosen[el.dataset.field] = el.dataset.key;
    next.steps.push(el.dataset.field);
    if (el.dataset.also) {
      next.chosen[el.dataset.also] = el.dataset.alsoKey;
      next.steps.push(el.dataset.also);
      next.tied = { ...next.tied, [el.dataset.also]: true };
    }
  } else if (act === "back") {
    const f = next.steps.pop();
    delete next.chosen[f];
    if (next.tied && next.tied[f]) delete next.chosen[next.steps.pop()]; // chosen by one tap: back together
  } else if (act === "cancel") {
    store.ui({ choice: null });
    return true;
  } else if (act === "quick" || act === "digit") {
    const form = formsOf(chosenAction(actions, choice.chosen) || {}).find((f) => f.kind === "amount");
    if (!form) return true;
    next.values[form.field] = nextAmount(form.spec, next.values[form.field],
      { op: el.dataset.op, amount: Number(el.dataset.amount), d: el.dataset.d });
    next.touched = true;
  } else if (act === "confirm") {
    const a = chosenAction(actions, choice.chosen);
    if (!a) return true;
    const values = { ...choice.values };
    for (const f of formsOf(a)) if (f.kind === "text") values[f.field] = (values[f.field] || "").trim();
    send(complete(a, values), choice.as).then((answer) => {
      if (answer && answer.ok && store.state.ui.choice === choice) store.ui({ choice: null });
    });
    return true;
  }
  store.ui({ choice: next });
  return true;
}

// Typing in a form field: keep the value without a full render (the field shows it), refresh the
// confirm button.
function chooserInput(el, store, actionsFor) {
  const open = store.state.ui.choice;
  if (!open || !el.dataset.form) return false;
  const f = el.dataset.form;
  const raw = el.value;
  const choice = { ...open, values: { ...open.values, [f]: el.type === "number" ? (raw === "" ? undefined : Number(raw) - FROM_1(f)) : raw } };
  store.settle({ ui: { choice } });
  const a = chosenAction(actionsFor(choice), choice.chosen);
  const box = el.closest(".chooser");
  if (!a || !box) return true;
  let problem = null;
  for (const form of formsOf(a)) problem = problem || formProblem(form, choice.values[form.field]);
  const btn = box.querySelector('[data-act="confirm"]');
  const out = box.querySelector('[data-out="problem"]');
  if (btn) { btn.disabled = !!problem || !!store.state.pending; btn.textContent = describe(complete(a, choice.values), store.state.msg && store.state.msg.view); }
  if (out) out.textContent = problem || "";
  return true;
}

export { newChoice, renderChooser, chooserClick, chooserInput };

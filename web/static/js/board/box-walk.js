// The walk through the family's casino cards, one card at a time (its name, its colour, its game),
// saved with `set_box` (box-setup.js opens it and loads this module the first time).
// State: the store's ui.setup = { at, box }.

import { h, icon } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { store, send, problem } from "../table/table-shared.js";

const COLOURS = ["blue", "red", "green", "yellow"];
const SYMBOLS = ["roulette", "dice", "cards"];

// A choice among a few, each a button that says whether it is the one chosen.
function choices(kind, values, chosen, sign) {
  return h("div", { class: "setup-choices", role: "group", "aria-label": t(`settings.${kind}`) },
    values.map((v) => h("button", { type: "button", class: `btn setup-pick c-${v}`, "data-act": `setup-${kind}`, "data-v": v,
      "aria-pressed": v === chosen ? "true" : "false" }, sign(v), h("span", { text: t(`${kind}.${v}`) }))));
}

// One casino card of the box: its name, colour and game; back, next, and on the last card, save.
export function setupScreen(st) {
  const { at, box } = st.ui.setup;
  const card = box[at];
  const last = at === box.length - 1;
  return h("main", { class: "box-setup", "data-screen": "box-setup" },
    h("h1", { text: t("firstrun.box_title") }),
    h("p", { class: "lead", "data-out": "setup-step", text: t("firstrun.box_step", { n: at + 1, total: box.length }) }),
    h("p", { class: "hint", text: t("firstrun.box_hint") }),
    h("label", { class: "field" }, h("span", { text: t("settings.name") }),
      h("input", { "data-setup-name": "", value: card.name, maxlength: 24, autocomplete: "off", autofocus: true })),
    choices("colour", COLOURS, card.colour, () => h("span", { class: "swatch", "aria-hidden": "true" })),
    choices("symbol", SYMBOLS, card.symbol, (v) => icon(v)),
    h("div", { class: "row" },
      h("button", { type: "button", class: "btn", "data-act": "setup-back", disabled: at === 0 ? true : null, text: t("firstrun.box_back") }),
      last ? h("button", { type: "button", class: "btn primary big", "data-act": "setup-save", disabled: !!st.pending, text: t("firstrun.box_save") })
        : h("button", { type: "button", class: "btn primary big", "data-act": "setup-next", text: t("firstrun.box_next") }),
      h("button", { type: "button", class: "btn", "data-act": "setup-close", text: t("ui.cancel") })),
    problem(st));
}

function change(fields) {
  const { at, box } = store.state.ui.setup;
  store.ui({ setup: { at, box: box.map((c, i) => (i === at ? { ...c, ...fields } : c)) } });
}

// The name field of the card now shown takes the focus, its words selected: the family just types.
export function focusName() {
  requestAnimationFrame(() => {
    const field = document.querySelector("[data-setup-name]");
    if (field) { field.focus(); field.select(); }
  });
}

// A tap of the walk; false when the tap is not the walk's.
export function setupClick(act, el) {
  const setup = store.state.ui.setup;
  if (!setup || !act.startsWith("setup-")) return false;
  else if (act === "setup-colour") change({ colour: el.dataset.v });
  else if (act === "setup-symbol") change({ symbol: el.dataset.v });
  else if (act === "setup-next" || act === "setup-back") {
    const at = act === "setup-next" ? Math.min(setup.at + 1, setup.box.length - 1) : Math.max(setup.at - 1, 0);
    store.ui({ setup: { ...setup, at } });
    focusName();
  }
  else if (act === "setup-close") store.ui({ setup: null });
  else if (act === "setup-save") {
    send({ type: "set_box", box: setup.box }).then((ans) => { if (ans && ans.ok) store.ui({ setup: null, setupDone: true, box: null }); });
  }
  return true;
}

// Typing a card's name; false when the field is not the walk's.
export function setupInput(el) {
  if (el.dataset.setupName === undefined || !store.state.ui.setup) return false;
  const { at, box } = store.state.ui.setup;
  store.settle({ ui: { setup: { at, box: box.map((c, i) => (i === at ? { ...c, name: el.value } : c)) } } });
  return true;
}

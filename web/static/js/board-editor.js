// The board map's editor in the lobby: the banker walks round the real board from space 1 and taps
// each space's kind (and its casino or symbol) in order, with undo; a ring previews the board as
// entered. Saving sends it as the lobby's settings (the host then remembers it with the box
// profile); a file can be exported and imported, the host checking it like any setting.
// State in store.state.ui: boardDraft (the spaces entered, null: the lobby's board), boardPick
// (a kind waiting for its casino or symbol), boardNote (what the last save or import did).

import { h, icon } from "./dom.js";
import { t, has } from "./i18n.js";
import { BoardRing } from "./board-ring.js";

const VERSION = 1;
const KINDS = ["casino", "cash_and_run", "bluff", "win_pot", "everybody_plays", "grand_slam", "buy_back"];
const WITH_SYMBOL = ["win_pot", "everybody_plays", "buy_back"];
const SYMBOLS = ["roulette", "dice", "cards"];

const preview = new BoardRing("preview");

function draftOf(ui, v) {
  if (!ui.boardDraft) ui.boardDraft = ((v.settings.board || {}).spaces || []).map((sp) => ({ ...sp }));
  return ui.boardDraft;
}

// The refusal in words, from the host's error (`bad_settings`, field `board`, the engine's detail).
function refusal(err, box) {
  if (!err || err.field !== "board") return null;
  const key = `boardedit.problem_${err.problem}`;
  const casino = typeof err.casino === "number" && box[err.casino] ? box[err.casino].name : "";
  const reason = has(key) ? t(key, { ...err, n: (err.at ?? 0) + 1, casino }) : t("boardedit.problem_other");
  return t("boardedit.refused", { reason });
}

function kindButton(kind) {
  return h("button", { type: "button", class: "btn kind", "data-act": "bd-kind", "data-kind": kind },
    kind === "casino" ? icon("sp-casino") : kind === "bluff" ? icon("sp-bluff") : null, h("span", { text: t(`space.${kind}`) }));
}

function boardEditor(v, ui, pending, error) {
  const box = v.settings.box || [];
  const spaces = draftOf(ui, v);
  const n = spaces.length + 1;
  const placed = new Set(spaces.filter((sp) => sp.space === "casino").map((sp) => sp.casino));
  let question, choices;
  if (ui.boardPick === "casino") {
    question = t("boardedit.which_casino", { n });
    choices = box.map((c, i) => placed.has(i) ? null : h("button", { type: "button", class: `btn opt casino c-${c.colour}`, "data-act": "bd-casino", "data-casino": i },
      icon(c.symbol), h("span", { text: c.name })));
  } else if (ui.boardPick) {
    question = t("boardedit.which_symbol", { n });
    choices = SYMBOLS.map((sym) => h("button", { type: "button", class: "btn", "data-act": "bd-symbol", "data-symbol": sym }, icon(sym), h("span", { text: t(`symbol.${sym}`) })));
  } else {
    question = t("boardedit.next", { n });
    choices = KINDS.map(kindButton);
  }
  preview.draw(spaces, box, spaces.length + 1);
  const runs = spaces.filter((sp) => sp.space === "cash_and_run").length;
  const problem = ui.boardProblem || refusal(error, box);
  return h("details", { class: "board-edit", open: ui.boardOpen ? true : null, "data-details": "boardOpen" },
    h("summary", { text: t("boardedit.title") }),
    h("p", { class: "hint", text: t("boardedit.intro") }),
    h("div", { class: "board-work" },
      h("div", { class: "board-pad" },
        h("p", { class: "board-next", "data-out": "board-next", text: question }),
        h("div", { class: "board-kinds", role: "group", "aria-label": question }, choices),
        h("div", { class: "row" },
          h("button", { type: "button", class: "btn", "data-act": "bd-undo", disabled: !spaces.length && !ui.boardPick, text: t("boardedit.undo") }),
          h("button", { type: "button", class: "btn", "data-act": "bd-clear", disabled: !spaces.length, text: t("boardedit.clear") })),
        h("p", { class: "hint", "data-out": "board-count", text: t("boardedit.count", { n: spaces.length, placed: placed.size, casinos: box.length, runs }) })),
      preview.el),
    h("div", { class: "row" },
      h("button", { type: "button", class: "btn primary", "data-act": "bd-save", disabled: pending || !spaces.length, text: t("boardedit.save") }),
      h("button", { type: "button", class: "btn", "data-act": "bd-export", disabled: !spaces.length, text: t("boardedit.export") }),
      h("label", { class: "btn file" }, h("span", { text: t("boardedit.import") }),
        h("input", { type: "file", accept: "application/json,.json", "data-board-file": "", disabled: pending })),
      v.settings.board ? h("button", { type: "button", class: "btn", "data-act": "bd-remove", disabled: pending, text: t("boardedit.remove") }) : null),
    problem ? h("p", { class: "problem", role: "alert", "data-out": "board-problem", text: problem }) : null,
    !problem && ui.boardNote ? h("p", { class: "hint", role: "status", "data-out": "board-note", text: t(`boardedit.${ui.boardNote}`) }) : null);
}

// Send a board (or null) as the lobby's setting; the host (the engine) accepts or refuses it.
async function sendBoard(board, note, { store, send }) {
  const ans = await send({ type: "set_settings", settings: { board } });
  if (ans && ans.ok) store.ui({ boardDraft: null, boardPick: null, boardProblem: null, boardNote: note });
  return ans;
}

function add(store, space) {
  const ui = store.state.ui;
  store.ui({ boardDraft: [...ui.boardDraft, space], boardPick: null, boardProblem: null, boardNote: null });
}

// A click in the editor; true when it was one. `ctx` = {store, send, view}.
function boardClick(el, ctx) {
  const act = el.dataset.act;
  if (!act || !act.startsWith("bd-")) return false;
  const { store, view } = ctx;
  const ui = store.state.ui;
  const spaces = draftOf(ui, view);
  if (act === "bd-kind") {
    const kind = el.dataset.kind;
    if (kind === "casino" || WITH_SYMBOL.includes(kind)) store.ui({ boardPick: kind });
    else add(store, { space: kind });
  } else if (act === "bd-casino") add(store, { space: "casino", casino: Number(el.dataset.casino) });
  else if (act === "bd-symbol") add(store, { space: ui.boardPick, symbol: el.dataset.symbol });
  else if (act === "bd-undo") store.ui(ui.boardPick ? { boardPick: null } : { boardDraft: spaces.slice(0, -1), boardNote: null });
  else if (act === "bd-clear") store.ui({ boardDraft: [], boardPick: null, boardNote: null, boardProblem: null });
  else if (act === "bd-save") sendBoard({ version: VERSION, spaces }, "saved", ctx);
  else if (act === "bd-remove") sendBoard(null, null, ctx);
  else if (act === "bd-export") download({ version: VERSION, spaces });
  return true;
}

function download(board) {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(board, null, 1)}\n`], { type: "application/json" }));
  const a = h("a", { href: url, download: "cashrun-board.json" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// A chosen file: read, parsed, and sent; the host's refusal is shown in words.
async function boardFile(input, ctx) {
  const file = input.files && input.files[0];
  input.value = "";
  if (!file) return;
  let board;
  try { board = JSON.parse(await file.text()); } catch {
    ctx.store.ui({ boardProblem: t("boardedit.not_json"), boardNote: null });
    return;
  }
  ctx.store.ui({ boardProblem: null });
  await sendBoard(board, "imported", ctx);
}

export { boardEditor, boardClick, boardFile };

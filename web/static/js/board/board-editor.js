// The board map's editor in the lobby: a sheet over the whole screen while it is open. The banker
// walks round the real board from space 1 and taps each space in one tap (a casino by its name, a
// symbol space by its symbol); a space in the preview ring can be tapped to change it, remove it or
// put one before it. The sheet says when the board looks complete and offers Save. Saving sends
// it as the lobby's settings (the host remembers it with the box profile); a file can be exported
// and imported, the host checking it like any setting. Drawn from the view and the state it is
// given (its taps: table-input.js). State in the store's ui: boardOpen (the sheet), boardDraft (the
// spaces entered, a copy of the lobby's board until saved), boardAt (a space picked in the ring, or
// null: the end), boardInsert (a new space goes before boardAt), boardProblem / boardNote (what the
// last save or import did).

import { h, icon } from "../core/dom.js";
import { t, has, list } from "../core/i18n.js";
import { BoardRing, spaceLabel } from "./board-ring.js";
import { SINGLE, WITH_SYMBOL, SYMBOLS, placedAt, look } from "./board-draft.js";

const preview = new BoardRing("preview", Infinity, true);

// The refusal in words, from the host's error (`bad_settings`, field `board`, the engine's detail).
function refusal(err, box) {
  if (!err || err.field !== "board") return null;
  const key = `boardedit.problem_${err.problem}`;
  const casino = typeof err.casino === "number" && box[err.casino] ? box[err.casino].name : "";
  const reason = has(key) ? t(key, { ...err, n: (err.at ?? 0) + 1, casino }) : t("boardedit.problem_other");
  return t("boardedit.refused", { reason });
}

function question(spaces, at, insert, box) {
  if (at === null) return t("boardedit.next", { n: spaces.length + 1 });
  if (insert) return t("boardedit.insert", { n: at + 1 });
  return t("boardedit.change", { n: at + 1, now: spaceLabel(spaces[at], box) });
}

// One button per casino of the box, in a grid; a casino already on the board (elsewhere than the
// space being changed) is greyed out with its space's number.
function casinoGrid(box, taken, full) {
  return h("div", { class: "board-casinos", role: "group", "aria-label": t("boardedit.casinos") },
    box.map((c, i) => {
      const where = taken.get(i);
      return h("button", { type: "button", class: `btn opt casino c-${c.colour}`, "data-act": "bd-put", "data-casino": i,
        disabled: where !== undefined || full, title: where !== undefined ? `${c.name}: ${t("boardedit.placed_on", { n: where + 1 })}` : c.name },
        icon(c.symbol), h("span", { class: "bname", text: c.name, title: c.name }),
        where !== undefined ? h("span", { class: "where", text: String(where + 1) }) : null);
    }));
}

// Every other kind of space, a symbol space as one button per symbol: each space is one tap.
function otherGrid(full) {
  const single = SINGLE.map((kind) => h("button", { type: "button", class: `btn opt k-${kind}`, "data-act": "bd-put", "data-kind": kind, disabled: full },
    kind === "bluff" ? icon("sp-bluff") : null, h("span", { text: t(`space.${kind}`) })));
  const rows = WITH_SYMBOL.map((kind) => h("div", { class: "board-row", role: "group", "aria-label": t(`space.${kind}`) },
    h("span", { class: "board-kind", text: t(`space.${kind}`) }),
    SYMBOLS.map((sym) => h("button", { type: "button", class: "btn opt", "data-act": "bd-put", "data-kind": kind, "data-symbol": sym, disabled: full,
      "aria-label": `${t(`space.${kind}`)} · ${t(`symbol.${sym}`)}` }, icon(sym), h("span", { text: t(`symbol.${sym}`) })))));
  return h("div", { class: "board-others", role: "group", "aria-label": t("boardedit.others") }, h("div", { class: "board-row singles" }, single), rows);
}

// "Still to place: 3 casinos and a Cash & Run space", or that the board looks complete.
function statusLine(state) {
  if (state.complete) return h("p", { class: "board-status done", role: "status", "data-out": "board-status", text: t("boardedit.complete") });
  const what = [];
  if (state.missing.length) what.push(t("boardedit.missing_casinos", { n: state.missing.length }));
  if (!state.runs) what.push(t("boardedit.missing_run"));
  if (state.short) what.push(t("boardedit.missing_spaces", { n: state.short }));
  return h("p", { class: "board-status", role: "status", "data-out": "board-status", text: t("boardedit.still", { what: list(what) }) });
}

function countLine(spaces, state, box) {
  return [t("boardedit.spaces_n", { n: spaces.length }), t("boardedit.placed_n", { placed: state.placed, n: box.length }),
    t("boardedit.runs_n", { n: state.runs })].join(" · ");
}

// The open sheet, and the note under the lobby's "Board map" of what the last save or import did.
function boardSheet(v, ui, pending, error) {
  const box = v.settings.box || [];
  const spaces = ui.boardDraft;
  const at = ui.boardAt ?? null;
  const insert = at !== null && !!ui.boardInsert;
  const state = look(spaces, box);
  const full = state.full && (at === null || insert);
  preview.draw(spaces, box, spaces.length + 1);
  preview.pick(at ?? spaces.length);
  const problem = ui.boardProblem || refusal(error, box);
  const ask = question(spaces, at, insert, box);
  const picked = at === null ? null : h("div", { class: "row board-picked" },
    h("button", { type: "button", class: "btn", "data-act": "bd-insert", "aria-pressed": insert ? "true" : "false", text: t("boardedit.insert_before", { n: at + 1 }) }),
    h("button", { type: "button", class: "btn danger", "data-act": "bd-remove-at", text: t("boardedit.remove_at", { n: at + 1 }) }),
    h("button", { type: "button", class: "btn", "data-act": "bd-end", text: t("boardedit.to_end", { n: spaces.length + 1 }) }));
  const sheet = h("section", { class: "board-sheet", "aria-label": t("boardedit.title") },
    h("header", { class: "board-head" },
      h("h2", { text: t("boardedit.title") }),
      h("span", { class: "hint", "data-out": "board-count", text: countLine(spaces, state, box) }),
      h("button", { type: "button", class: "btn", "data-act": "bd-close", text: t("boardedit.close") })),
    h("div", { class: "board-pad" },
      h("p", { class: "hint", text: t("boardedit.intro") }),
      h("p", { class: "board-next", "data-out": "board-next", text: ask }),
      picked,
      casinoGrid(box, placedAt(spaces, insert ? null : at), full),
      otherGrid(full),
      statusLine(state),
      h("div", { class: "row" },
        h("button", { type: "button", class: `btn${state.complete ? " primary" : ""}`, "data-act": "bd-save", disabled: pending || !spaces.length, text: t("boardedit.save") }),
        h("button", { type: "button", class: "btn", "data-act": "bd-undo", disabled: !spaces.length, text: t("boardedit.undo") }),
        h("button", { type: "button", class: "btn", "data-act": "bd-clear", disabled: !spaces.length, text: t("boardedit.clear") })),
      problem ? h("p", { class: "problem", role: "alert", "data-out": "board-problem", text: problem }) : null),
    h("div", { class: "board-side" },
      preview.el,
      h("p", { class: "hint", text: t("boardedit.tap_space") }),
      h("div", { class: "row" },
        h("button", { type: "button", class: "btn", "data-act": "bd-export", disabled: !spaces.length, text: t("boardedit.export") }),
        h("label", { class: "btn file" }, h("span", { text: t("boardedit.import") }),
          h("input", { type: "file", accept: "application/json,.json", "data-board-file": "", disabled: pending })),
        v.settings.board ? h("button", { type: "button", class: "btn", "data-act": "bd-remove", disabled: pending, text: t("boardedit.remove") }) : null)));
  const note = !problem && ui.boardNote ? h("p", { class: "hint", role: "status", "data-out": "board-note", text: t(`boardedit.${ui.boardNote}`) }) : null;
  return [sheet, note];
}

export { boardSheet };

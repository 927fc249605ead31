// The table screen's lobby: the QR code and join code, the seat order, the settings, the box of
// casinos and the board map, drawn from the message and the state it is given (the banker's taps
// and typing there: table-input.js).

import { h } from "../core/dom.js";
import { t, list as names } from "../core/i18n.js";
import { group } from "../core/actions.js";
import { pawnClass, pawnMark } from "../core/pawn.js";
import { firstRunHelp } from "../core/firstrun.js";
import { dot } from "../core/marks.js";
import { problem, controls, rerender } from "./table-shared.js";
import { fingerprint } from "../fair/fair-view.js";
import { howToButton, howToCards } from "../core/howto.js";
import { lazy } from "../core/lazy.js";
import { exampleNote, savedNote, setupScreen } from "../board/box-setup.js";

// How phones join: the QR code, the code, the addresses. Help for a phone that cannot open the
// page belongs at the end of this box.
function joinBox(v, tb) {
  return h("section", { class: "join-box", "aria-label": t("lobby.scan") },
    h("h1", { text: t("lobby.scan") }),
    tb.qr_svg ? h("img", { class: "qr", src: tb.qr_svg, alt: t("lobby.scan"), width: 320, height: 320 }) : null,
    h("p", { class: "code-line" }, h("span", { text: t("join.code") }), h("strong", { class: "join-code", "data-out": "code", text: v.code || tb.code || "" })),
    h("p", { class: "addr" }, h("span", { text: `${t("lobby.or_open")} ` }), h("strong", { "data-out": "join-url", text: tb.join_url || "" })),
    (tb.join_urls || []).length > 1 ? h("details", {}, h("summary", { text: t("lobby.other_addresses") }),
      h("ul", {}, tb.join_urls.slice(1).map((u) => h("li", { text: u })))) : null,
    howToButton());
}

export function lobby(msg, st) {
  const v = msg.view, tb = msg.table || {};
  const groups = group(msg.legal_actions);
  if (st.ui.setup && groups.has("set_box")) return setupScreen(st);
  const moves = groups.get("move_seat") || [];
  const removes = new Set((groups.get("remove_player") || []).map((a) => a.seat));
  const list = h("ol", { class: "lobby-players", "aria-label": t("lobby.order") });
  v.players.forEach((p, i) => {
    const up = moves.find((a) => a.seat === p.seat && a.to === i - 1);
    const down = moves.find((a) => a.seat === p.seat && a.to === i + 1);
    list.append(h("li", { class: `lp ${pawnClass(p)}`, "data-seat": p.seat },
      dot(p.connected, p.phone), pawnMark(p), h("span", { class: "pname", text: p.name }),
      p.phone ? null : h("span", { class: "tag", text: t("lobby.no_phone") }),
      h("span", { class: "spacer" }),
      h("button", { type: "button", class: "tool", "data-act": "move", "data-seat": p.seat, "data-to": i - 1, disabled: !up || !!st.pending, "aria-label": `${t("ui.up")}: ${p.name}` }, "↑"),
      h("button", { type: "button", class: "tool", "data-act": "move", "data-seat": p.seat, "data-to": i + 1, disabled: !down || !!st.pending, "aria-label": `${t("ui.down")}: ${p.name}` }, "↓"),
      removes.has(p.seat) ? h("button", { type: "button", class: "tool danger", "data-act": "remove", "data-seat": p.seat, "aria-label": `${t("ui.remove")}: ${p.name}` }, "✕") : null));
  });
  const n = v.players.length;
  const need = Math.max(0, (v.min_players || 3) - n);
  const other = ["add_player", "lock", "unlock", "start", "start_without"].filter((k) => groups.has(k));
  const main = [];
  for (const k of other) main.push(...groups.get(k));
  return h("main", { class: "lobby-grid" },
    joinBox(v, tb),
    h("section", { class: "lobby-side" },
      exampleNote(v, groups.has("set_box")), savedNote(st),
      h("h2", { text: t("lobby.order") }),
      h("p", { class: "hint", text: `${t("lobby.count", { n })} · ${need ? t("lobby.need", { n: need }) : t("lobby.ready")}` }),
      list, tonightPart(msg), fingerprint(msg, "table"),
      firstRunHelp(v),
      v.starting ? startingNote(v) : v.locked ? h("p", { class: "note", text: t("lobby.locked") }) : null,
      controls(main, v, st, null, "lobby-controls"),
      problem(st),
      groups.has("set_settings") ? settingsForm(v, st) : null,
      groups.has("set_box") ? boxEditor(st.ui.box, st) : null,
      groups.has("set_settings") ? boardBox(v, st) : null),
    howToCards(st.ui.howto));
}

// The evening's scoreboard, loaded once there is one (after the evening's first game).
let tonight = null;
const loadTonight = lazy(["./tonight.js"], (m) => { tonight = m; rerender(); }, rerender);
function tonightPart(msg) {
  if (!msg.tonight) return null;
  loadTonight();
  return tonight ? tonight.tonightBoard(msg) : null;
}

// The board map's editor and its style sheet, loaded the first time the banker opens it: the lobby's
// first load does without both. Until then "Board map" opens on nothing.
let editor = null;
let styled = null;
const loadEditor = lazy(["../board/board-editor.js"], (m) => styled.then(() => { editor = m; rerender(); }), rerender);

function loadSheet() {
  if (styled) return;
  const style = h("link", { rel: "stylesheet", href: "/static/css/board-editor.css" });
  styled = new Promise((done) => { style.onload = style.onerror = done; });
  document.head.append(style);
}

function boardBox(v, st) {
  if (st.ui.boardOpen) { loadSheet(); loadEditor(); }
  const [sheet, note] = editor ? editor.boardSheet(v, st.ui, !!st.pending, st.error) : [null, null];
  const saved = (v.settings.board || {}).spaces;
  const title = saved ? `${t("boardedit.title")} · ${t("boardedit.spaces_n", { n: saved.length })}` : t("boardedit.title");
  return h("div", { class: "board-box" },
    h("details", { class: "board-edit", open: st.ui.boardOpen ? true : null, "data-details": "boardOpen" },
      h("summary", { text: title }), sheet),
    note);
}

// The banker started: the phones still waited for, by name; once they are late, the banker may start
// without them (the button comes with the lobby's controls). A late phone that is connected is not
// said not to answer (its dot is green): it is here and has not sent its part (a phone that took the
// seat with a claim holds no start value), and the words say that.
function startingNote(v) {
  const late = v.starting.late;
  const named = (seats, key) => (seats.length ? t(key, { names: names(seats.map((s) => v.players[s].name)), n: seats.length }) : null);
  const here = late ? v.starting.waiting.filter((s) => v.players[s].connected) : [];
  const away = v.starting.waiting.filter((s) => !here.includes(s));
  const words = [named(away, late ? "lobby.starting_late" : "lobby.starting"), named(here, "lobby.starting_silent")];
  return h("p", { class: `note starting${late ? " late" : ""}`, role: "status", "aria-live": "polite", "data-out": "starting",
    text: words.filter(Boolean).join(" ") });
}

export const SETTINGS = [
  ["starting_money", "money"], ["starting_casinos", [1, 2]], ["starting_bluff_cards", [0, 1]],
  ["bank_reserve", "money_or_none"], ["unit", "money"], ["combination_by", ["start", "playing"]],
  ["combination", ["box", "short"]],
  ["everybody_ties", ["replay", "nobody"]], ["auction_seconds", "int"],
  ["auction_clock", ["normal", "long", "none"]],
];

function settingsForm(v, st) {
  const s = v.settings || {};
  const draft = st.ui.settings || {};
  const val = (k) => (k in draft ? draft[k] : s[k]);
  const rows = SETTINGS.map(([k, kind]) => {
    let input;
    if (Array.isArray(kind)) {
      input = h("select", { "data-set": k }, kind.map((o) => h("option", { value: o, selected: String(val(k)) === String(o) ? true : null,
        text: typeof o === "number" ? String(o) : t(`settings.${k}_${o}`) })));
    } else {
      const x = val(k);
      input = h("input", { type: "number", "data-set": k, min: 0, step: kind === "int" ? 1 : s.unit || 10000, value: x === null || x === undefined ? "" : x });
    }
    return h("label", { class: "field" }, h("span", { text: t(`settings.${k}`) }), input);
  });
  const deck = s.bluff_deck || {};
  const ddraft = draft.bluff_deck || deck;
  const deckRow = h("fieldset", { class: "deck" }, h("legend", { text: t("settings.bluff_deck") }),
    ["blank", "roulette", "dice", "cards"].map((k) => h("label", { class: "field small" }, h("span", { text: t(`bluff.${k}`) }),
      h("input", { type: "number", min: 0, max: 40, "data-deck": k, value: ddraft[k] ?? 0 }))));
  return h("details", { class: "settings", open: st.ui.settingsOpen ? true : null, "data-details": "settingsOpen" },
    h("summary", { text: t("lobby.settings") }),
    h("div", { class: "settings-grid" }, rows, deckRow),
    h("button", { type: "button", class: "btn", "data-act": "save-settings", disabled: !!st.pending, text: t("settings.save") }));
}

// The box being edited: a copy of the settings' box, made when the editor first shows (table.js).
function boxEditor(box, st) {
  const colours = ["blue", "red", "green", "yellow"];
  const rows = box.map((c, i) => h("tr", {},
    h("td", {}, h("input", { "data-box": i, "data-k": "name", value: c.name, maxlength: 40, "aria-label": `${t("settings.name")} ${i + 1}` })),
    h("td", {}, h("select", { "data-box": i, "data-k": "colour", "aria-label": `${t("settings.colour")} ${i + 1}` },
      [...new Set([...colours, c.colour])].map((o) => h("option", { value: o, selected: o === c.colour ? true : null, text: t(`colour.${o}`) })))),
    h("td", {}, h("select", { "data-box": i, "data-k": "symbol", "aria-label": `${t("settings.symbol")} ${i + 1}` },
      ["roulette", "dice", "cards"].map((o) => h("option", { value: o, selected: o === c.symbol ? true : null, text: t(`symbol.${o}`) })))),
    h("td", {}, h("button", { type: "button", class: "tool", "data-act": "box-del", "data-i": i, "aria-label": `${t("ui.remove")}: ${c.name}` }, "✕"))));
  return h("details", { class: "box", open: st.ui.boxOpen ? true : null, "data-details": "boxOpen" },
    h("summary", { text: t("lobby.box") }),
    h("table", { class: "box-table" },
      h("thead", {}, h("tr", {}, h("th", { text: t("settings.name") }), h("th", { text: t("settings.colour") }), h("th", { text: t("settings.symbol") }), h("th", {}))),
      h("tbody", {}, rows)),
    h("div", { class: "row" },
      h("button", { type: "button", class: "btn", "data-act": "box-add", text: t("settings.add_casino") }),
      h("button", { type: "button", class: "btn primary", "data-act": "save-box", disabled: !!st.pending, text: t("settings.save_box") })),
    st.ui.saved ? h("p", { class: "hint", role: "status", text: t("settings.saved") }) : null);
}

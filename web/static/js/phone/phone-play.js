// The phone with a seat (or watching): the lobby, my game screen, the win, watching, drawn from the
// message and the state they are given. Loaded once the first view arrives, so the join page does
// without it; what the taps do is phone-play-input.js's.

import { h, icon } from "../core/dom.js";
import { t, money } from "../core/i18n.js";
import { group, actionLabel } from "../core/actions.js";
import { renderChooser } from "../core/chooser.js";
import { eventText, waitingText, quiet } from "../core/words.js";
import { pawnClass, pawnMark } from "../core/pawn.js";
import { dot, casinoChip } from "../core/marks.js";
import { cardTile } from "../core/bluffs.js";
import { resultCard, shownResult } from "./results.js";
import { chimeOn } from "./turn.js";
import { parts, btn, problem, fairExport, rerender } from "./phone-shared.js";
import { actionsArea, auctionLine, chooserOpts, showingPanel, showingNow } from "./phone-decision.js";
import { fairPanel, fingerprint } from "../fair/fair-view.js";
import { needsSection } from "../core/needs.js";
import { tonightBoard } from "../core/tonight.js";
import { drawRing } from "../fair/draw-clock.js";

// The chime's switch, shown in a game: whether the chime is on, or null without the switch.
const chime = (st) => (st.msg && st.msg.kind === "game" ? chimeOn() : null);

function header(st) {
  const on = chime(st);
  if (on === null) return null;
  const say = t(on ? "turn.chime_off" : "turn.chime_on");
  return btn({ class: "tool", "data-act": "chime", "aria-pressed": String(on), "aria-label": say, title: say }, icon(on ? "sound" : "mute"));
}

function lobbyScreen(msg, st) {
  const v = msg.view;
  const me = v.players.find((p) => p.seat === msg.seat);
  const groups = group(msg.legal_actions);
  const list = h("ol", { class: "players", "aria-label": t("lobby.players") });
  for (const p of v.players) {
    list.append(h("li", { class: `player ${pawnClass(p)}${p.seat === msg.seat ? " me" : ""}` },
      dot(p.connected), pawnMark(p), h("span", { class: "pname", text: p.name }),
      p.seat === msg.seat ? h("span", { class: "tag", text: t("lobby.you") }) : null));
  }
  const choice = st.ui.choice;
  const showing = msg.reveal ? "opening" : null;
  return h("main", { class: "screen lobby" },
    h("h1", { text: t("lobby.welcome", { name: me ? me.name : "" }) }),
    showing ? showingPanel(showing) : h("p", { class: "lead", "data-out": "lobby-lead",
      text: t(v.starting ? "lobby.starting_phone" : v.locked ? "lobby.locked" : "lobby.waiting") }),
    list, tonightBoard(msg), fingerprint(msg, "phone"),
    choice && groups.has(choice.type) ? renderChooser(groups.get(choice.type), choice, chooserOpts(msg, st)) : null,
    h("div", { class: "row" },
      groups.has("rename") ? btn({ class: "btn", "data-act": "open", "data-type": "rename", text: actionLabel("rename") }) : null,
      groups.has("leave") && !st.ui.leaving ? btn({ class: "btn danger", "data-act": "leave-ask", text: actionLabel("leave") }) : null),
    groups.has("leave") ? leaveConfirm(st) : null);
}

function bluffCards(you) {
  const cards = (you && you.bluff_cards) || [];
  return h("section", { class: "card-row", "aria-label": t("me.bluffs") },
    h("h2", { text: t("me.bluffs_n", { n: cards.length }) }),
    cards.length ? h("div", { class: "bluffs" }, cards.map((c, i) => cardTile(c, i + 1))) : h("p", { class: "hint", text: t("me.no_bluffs") }),
    cards.length ? h("p", { class: "hint", text: t("cards.hold_hint") }) : null);
}

// The newest thing that happened, so a result is seen on the phone too.
function lastLine(v) {
  const log = v.log || [];
  let i = log.length - 1;
  while (i >= 0 && (quiet(log[i]) || log[i].type === "turn")) i--; // from the end: no copy of the whole log
  return i >= 0 ? h("p", { class: "last", "data-out": "last", text: eventText(log[i], v) }) : null;
}

function recent(v) {
  const log = (v.log || []).filter((e) => !quiet(e)).slice(-4);
  const ul = h("ul", { class: "recent", "aria-label": t("me.recent") });
  for (const e of log) ul.append(h("li", { class: e.type === "correction" || e.type === "undone" ? "corr" : "", text: eventText(e, v) }));
  return ul;
}

// A count with its icon, read out in words ("3 casinos").
function count(name, key, n) {
  return h("span", { class: "count", title: t(key, { n }) }, icon(name),
    h("span", { class: "sr", text: t(key, { n }) }), h("span", { "aria-hidden": "true", text: String(n) }));
}

// The players with their money, casinos and bluff cards; `skip`: my own seat.
function playerList(msg, skip) {
  const v = msg.view;
  const ul = h("ul", { class: "others", "aria-label": t("me.others") });
  for (const p of v.players) {
    if (p.seat === skip) continue;
    ul.append(h("li", { class: `other ${pawnClass(p)}${p.out ? " out" : ""}${p.seat === v.turn && !v.over ? " turn" : ""}` },
      dot(msg.connected && msg.connected[p.seat]), pawnMark(p),
      h("span", { class: "pname", text: p.name }),
      h("span", { class: "pmoney", text: p.out ? t("player.out") : money(p.money) }),
      count("sp-casino", "player.casinos_n", p.casinos.length), count("bl-blank", "player.bluffs_n", p.bluff_count)));
  }
  return ul;
}

// My state: one line while I decide, the full panel otherwise.
function meSection(msg, me, acting) {
  const mine = (msg.view.casinos || []).filter((c) => c.owner === msg.seat);
  const moneyEl = h("span", { class: "money", "data-out": "money", "aria-label": t("me.money_is", { amount: money(me.money) }), text: money(me.money) });
  const tags = [me.on_lap ? h("span", { class: "tag lap", text: t("player.on_lap") }) : null,
    me.out ? h("span", { class: "tag", text: t("player.out") }) : null];
  if (acting) {
    const bluffs = ((msg.view.you || {}).bluff_cards || []).length;
    return h("section", { class: "me line", "aria-label": t("me.title") },
      pawnMark(me), h("span", { class: "pname", text: me.name }), moneyEl,
      count("sp-casino", "player.casinos_n", mine.length), count("bl-blank", "player.bluffs_n", bluffs));
  }
  return h("section", { class: "me", "aria-label": t("me.title") },
    h("div", { class: "me-top" }, pawnMark(me), h("span", { class: "pname", text: me.name }), tags),
    h("p", { class: "money-big" }, moneyEl),
    mine.length ? h("ul", { class: "casinos", "aria-label": t("me.casinos") }, mine.map((c) => casinoChip(c)))
      : h("p", { class: "hint", text: t("me.no_casinos") }),
    needsSection(me, msg.view));
}

// While I act: my state on one line, what just happened, then the decision at the bottom of the
// first screenful, under the thumb; my cards and the table below it. Otherwise: my state, the
// status (or what the table shows), my cards. The top is one box both ways (`.reach`, a column only
// while I act): the cards and the table below it stay where they are as a turn starts or ends.
function gameScreen(msg, st) {
  const v = msg.view;
  const me = v.players.find((p) => p.seat === msg.seat) || { seat: msg.seat, name: "", money: 0, casinos: [] };
  if (v.over && v.winner === msg.seat) return wonScreen(msg, me, st);
  if (me.out) return watchScreen(msg, st, bankruptCard(me));
  const showing = showingNow(msg, st);
  const acting = !showing && (msg.legal_actions || []).length > 0;
  const choice = acting ? st.ui.choice : null;
  const bidding = choice && choice.type === "bid";
  const choosingCard = choice && (group(msg.legal_actions).get(choice.type) || []).some((a) => "card" in a || "swap" in a);
  const status = showing ? showingPanel(showing) : statusLine(v);
  const mine = parts.use("me", [me, v.casinos, v.you, acting], () => meSection(msg, me, acting));
  const cards = parts.use("bluffs", [v.you], () => bluffCards(v.you));
  const last = lastPart(v);
  if (acting) {
    return h("main", { class: `screen game ${pawnClass(me)} acting` },
      h("div", { class: "reach" }, mine, result(), last,
        bidding ? null : auctionPart(msg), actionsArea(msg, st)),
      choosingCard ? null : cards,
      // What I still need stays in reach on my turn too, below the decision (a casino to buy, say).
      parts.use("needs", [me.needs, v.casinos, v.players], () => needsSection(me, v)), tableInfo(msg, st));
  }
  return h("main", { class: `screen game ${pawnClass(me)}` },
    h("div", { class: "reach" }, mine, v.over ? null : result(), status, showing ? null : drawPart(v), fairLine(msg, st), v.over ? null : last, auctionPart(msg)),
    cards, showing ? null : problem(st), tableInfo(msg, st));
}

// What the game waits for, put in words again only when what they say changed (who, which phase,
// the waiting's details, a name or a casino's name).
function statusLine(v) {
  return parts.use("status", [v.over, v.winner, v.phase, v.waiting, v.players, v.casinos],
    () => h("p", { class: `status${v.over ? " over" : ""}`, role: "status", text: waitingText(v) }));
}

const result = () => (shownResult() ? parts.use("result", [shownResult()], resultCard) : null);

// The table's players and its recent history, under a summary; built only while open (closed, kept
// while the pot is the same; open, its lists are parts of their own).
function tableInfo(msg, st) {
  const open = !!st.ui.infoOpen;
  const v = msg.view;
  const build = () => h("details", { class: "table-info", open: open ? true : null, "data-details": "infoOpen" },
    h("summary", { text: t("me.table", { pot: money(v.pot) }) }),
    open ? players(msg, msg.seat) : null, open ? recentPart(v) : null);
  return open ? build() : parts.use("table-info", [v.pot], build);
}

const players = (msg, skip) => parts.use(`players-${skip}`, [msg.view.players, msg.connected, msg.view.turn, msg.view.over],
  () => playerList(msg, skip));
const recentPart = (v) => parts.use("recent", [v.log], () => recent(v));
const lastPart = (v) => parts.use("last", [v.log], () => lastLine(v));
// The auction's line; its countdown ticks by itself (common.js), a new deadline comes with `auction`.
const auctionPart = (msg) => {
  const v = msg.view;
  return v.phase === "auction" ? parts.use("auction", [v.waiting, v.casinos, v.players, msg.auction], () => auctionLine(v)) : null;
};

// A stake's draw that another phone acts in: the ring of the phones' seconds under the status
// (draw-clock.js ticks it; the status says who spins, rolls or draws).
const drawPart = (v) => (v.phase === "opponent_draw" ? drawRing(t("draw.clock")) : null);

// The win gets a screen of its own.
function wonScreen(msg, me, st) {
  return h("main", { class: `screen won ${pawnClass(me)}`, "data-screen": "won" },
    h("section", { class: "big-news", role: "status" },
      pawnMark(me), h("h1", { text: t("end.you_won") }),
      h("p", { class: "money-big" }, h("span", { class: "money", "data-out": "money", text: money(me.money) }))),
    fairLine(msg, st), tableInfo(msg, st));
}

// The game is over: this phone checks every draw itself (a phone that watches, without a seed of its own).
function fairLine(msg, st) {
  if (!msg.view.over) return null;
  return fairPanel(msg.game_id, { kind: "phone", seat: msg.kind === "watch" ? null : msg.seat, fetchExport: fairExport,
    rerender, open: !!st.ui.fairOpen });
}

function bankruptCard(me) {
  return h("section", { class: "big-news out", role: "status", "data-screen": "bankrupt" },
    pawnMark(me), h("h1", { text: t("watch.bankrupt", { name: me.name }) }),
    h("p", { class: "lead", text: t("watch.bankrupt_more") }));
}

// Watching: the public view, read only. For a phone that watches, and for a bankrupt player.
function watchScreen(msg, st, top) {
  const v = msg.view;
  const showing = msg.reveal ? showingPanel("table") : null;
  return h("main", { class: "screen watch", "data-screen": "watch" },
    top || h("h1", { text: t("watch.title") }), fairLine(msg, st),
    showing || statusLine(v), showing ? null : drawPart(v),
    showing ? null : lastPart(v), auctionPart(msg),
    players(msg, null),
    h("p", { class: "hint", text: t("me.table", { pot: money(v.pot) }) }),
    recentPart(v),
    msg.kind === "watch" ? btn({ class: "btn danger", "data-act": "leave-ask", text: t("watch.stop") }) : null,
    leaveConfirm(st));
}

// "Leave the table" asks first.
function leaveConfirm(st) {
  if (!st.ui.leaving) return null;
  return h("div", { class: "confirm-leave", role: "alertdialog", "aria-label": t("leave.title") },
    h("p", { class: "lead", text: t("leave.title") }),
    h("div", { class: "row" },
      btn({ class: "btn danger big", "data-act": "leave-yes", disabled: !!st.pending, text: t("leave.yes") }),
      btn({ class: "btn big", "data-act": "leave-no", text: t("leave.no") })));
}

function screen(msg, st) {
  if (msg.kind === "lobby") return lobbyScreen(msg, st);
  if (msg.kind === "watch") return watchScreen(msg, st);
  return gameScreen(msg, st);
}

export { screen, header, chime };

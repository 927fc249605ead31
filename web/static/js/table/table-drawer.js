// The banker's drawer: undo and the quick decisions, the corrections, claim codes (covered until
// shown), the saved games with their export, a new game; drawn from the message and the state it
// is given (its taps: table-input.js).

import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { group, playerName } from "../core/actions.js";
import { versionLine } from "../core/about.js";
import { controls } from "./table-shared.js";

// A claim code's digits in groups of four, as the phone may type them (the host ignores the spaces).
const grouped = (code) => code.replace(/(\d{4})(?=\d)/g, "$1 ");

// A claim code stays covered until the banker shows it: whoever types it gets the seat and its cards.
function claimLine(v, seat, code, st) {
  const name = playerName(v, seat);
  const open = !!(st.ui.claimShown || {})[seat];
  return h("li", { class: "claim", "data-seat": seat },
    h("p", { class: "claim-warning", role: "note", text: t("show.claim_warning", { name }) }),
    h("div", { class: "row" },
      open ? h("strong", { class: "claim-code", "data-out": `claim-${seat}`, text: t("table.claim_code", { name, code: grouped(code) }) })
        : h("span", { class: "claim-code covered", "data-out": `claim-${seat}`, "aria-label": t("show.claim_hidden"), text: `${name}: ${grouped(code.replace(/\d/g, "•"))}` }),
      h("button", { type: "button", class: "btn", "data-act": "claim-show", "data-seat": seat, "aria-pressed": open ? "true" : "false",
        text: open ? t("show.claim_hide") : t("show.claim_show", { name }) })));
}

const CORRECTIONS = ["transfer", "move_casino", "give_bluff", "take_bluff", "move_pawn"];

export function drawer(msg, st) {
  if (!st.ui.drawer) return null;
  const v = msg.view, tb = msg.table || {};
  const groups = group(msg.legal_actions);
  const pick = (types) => types.flatMap((k) => groups.get(k) || []);
  const claims = Object.entries(tb.claims || {});
  const games = st.ui.games;
  const sections = [
    h("p", { class: "hint", text: t("table.drawer_hint") }),
    pick(["undo", "close_auction", "confirm_lap", "reject_lap"]).length ? controls(pick(["undo", "close_auction", "confirm_lap", "reject_lap"]), v, st, null, "quick-banker") : null,
    pick(CORRECTIONS).length ? h("section", { "aria-label": t("table.corrections") },
      h("h3", { text: t("table.corrections") }), controls(pick(CORRECTIONS), v, st)) : null,
    groups.has("claim_code") ? h("section", { "aria-label": t("table.claim_codes") },
      h("h3", { text: t("table.claim_codes") }),
      h("div", { class: "row" }, groups.get("claim_code").map((a) => h("button", { type: "button", class: "btn", "data-act": "claim", "data-seat": a.seat,
        disabled: !!st.pending, text: t("table.claim_for", { name: playerName(v, a.seat) }) }))),
      claims.length ? h("ul", { class: "claims" }, claims.map(([seat, c]) => claimLine(v, Number(seat), c.code, st))) : null,
      tb.claims_guessed ? h("p", { class: "claim-warning", role: "alert", "data-out": "claims-guessed",
        text: t("table.claims_guessed", { n: tb.claims_guessed }) }) : null,
      h("p", { class: "hint", text: t("table.claim_help") })) : null,
    h("section", { "aria-label": t("table.saved_games") },
      h("h3", { text: t("table.saved_games") }),
      h("button", { type: "button", class: "btn", "data-act": "games", text: t("table.load_games") }),
      games ? h("ul", { class: "games" }, games.map((g) => h("li", {},
        h("span", { text: `${g.code} · ${(g.players || []).join(", ")} · ${t(`table.status_${g.status}`)}${g.current ? ` (${t("table.current")})` : ""}` }),
        g.current ? null : h("button", { type: "button", class: "btn", "data-act": "resume", "data-game": g.id, text: t("table.resume") }),
        h("button", { type: "button", class: "link", "data-act": "export", "data-game": g.id, text: t("table.export") })))) : null,
      groups.has("new_game") ? controls(groups.get("new_game"), v, st) : null),
    versionLine(),
  ];
  return h("aside", { id: "drawer", class: "drawer", "aria-label": t("ui.drawer") },
    h("div", { class: "drawer-head" }, h("h2", { text: t("ui.drawer") }),
      h("button", { type: "button", class: "tool", "data-act": "drawer", "aria-label": t("ui.drawer_close") }, "✕")),
    sections);
}

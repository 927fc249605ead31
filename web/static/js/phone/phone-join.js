// The phone without a seat: join with a name and a pawn, take a seat back with a claim code, or
// watch a game in play. The name field and "Take a seat" come first; on a claim link, the claim.
// Drawn from the state it is given; what the taps do is phone-input.js's.

import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { btn, problem } from "./phone-shared.js";

const field = (label, attrs) => h("label", { class: "field" }, h("span", { text: t(label) }), h("input", attrs));

function joinForm(st, busy) {
  const ui = st.ui;
  const peekd = ui.peek;
  const started = peekd && peekd.status !== "lobby";
  const code = field("join.code", { "data-input": "code", value: ui.code, maxlength: 8, autocapitalize: "characters", autocomplete: "off", spellcheck: "false", class: "code-input" });
  if (started) {
    return [h("div", { class: "fields" }, code),
      h("p", { class: "note", "data-out": "started", text: t(peekd.status === "over" ? "watch.over" : "watch.started") }),
      problem(st, "join"),
      btn({ class: "btn primary big", "data-act": "watch", disabled: busy, text: t("watch.go") })];
  }
  return [h("div", { class: "fields" }, code,
    field("join.name", { "data-input": "name", value: ui.name, maxlength: 24, autocomplete: "nickname", enterkeyhint: "go" })),
  problem(st, "join"),
  btn({ class: "btn primary big", "data-act": "join", disabled: busy, text: t("join.go") }),
  peekd ? pawnPicker(peekd.pawns, ui.pawn) : null];
}

function claimForm(st, busy, first) {
  const ui = st.ui;
  return [h("p", { class: "hint", text: t("claim.intro") }),
    field("claim.code", { "data-input": "claim", value: ui.claim, inputmode: "numeric", maxlength: 12, autocomplete: "off" }),
    problem(st, "claim"),
    btn({ class: first ? "btn primary big" : "btn", "data-act": "claim", disabled: busy, text: t("claim.go") })];
}

function joinScreen(st) {
  const ui = st.ui;
  const note = ui.note ? h("p", { class: "note", role: "alert", text: t(`refused.${ui.note}`) }) : null;
  const busy = !!st.pending || st.conn !== "online";
  if (ui.claimLink) {
    // A claim link: taking the seat back comes first, a new seat under it.
    return h("main", { class: "screen join claim-first" },
      h("h1", { text: t("claim.title") }), note, claimForm(st, busy, true),
      h("details", { class: "claim", open: ui.joinOpen ? true : null, "data-details": "joinOpen" },
        h("summary", { text: t("join.title") }), joinForm(st, busy)));
  }
  return h("main", { class: "screen join" },
    h("h1", { text: t("join.title") }), note,
    h("p", { class: "lead", text: t("join.intro") }),
    joinForm(st, busy),
    h("details", { class: "claim", open: ui.claim || ui.claimOpen ? true : null, "data-details": "claimOpen" },
      h("summary", { text: t("claim.title") }), claimForm(st, busy, false)));
}

// The colour of my physical pawn (a colour another player took is not on offer) and an emoji;
// the first free colour and the first emoji are chosen already.
function pawnPicker(offer, pawn) {
  const pick = (kind, value, kids, extra) => btn({ class: `${kind}-btn${extra || ""}`, "data-act": `pawn-${kind}`,
    [`data-${kind}`]: value, "aria-pressed": pawn && pawn[kind] === value ? "true" : "false", disabled: kind === "colour" && offer.taken.includes(value) }, kids);
  return h("fieldset", { class: "pawn-pick" },
    h("legend", { text: t("pawn.colour") }),
    h("div", { class: "swatches" }, offer.colours.map((c) => pick("colour", c, [h("span", { class: "swatch-dot", "aria-hidden": "true" }),
      h("span", { text: t(`pawn.${c}`) }), offer.taken.includes(c) ? h("span", { class: "taken", text: t("pawn.taken") }) : null], ` pawn-${c}`))),
    h("p", { class: "pawn-q", text: t("pawn.emoji") }),
    h("div", { class: "emoji-pick", role: "group", "aria-label": t("pawn.emoji") }, offer.emoji.map((e) => pick("emoji", e, e))));
}

function refusedScreen(st) {
  const code = st.refusal;
  return h("main", { class: "screen refused" },
    h("h1", { text: t(`refused.${code}_title`) }),
    h("p", { class: "lead", text: t(`refused.${code}`) }),
    code === "replaced" ? btn({ class: "btn primary big", "data-act": "reclaim", text: t("refused.use_here") }) : null,
    btn({ class: "btn", "data-act": "forget", text: t("refused.join_again") }));
}

export { joinScreen, refusedScreen };

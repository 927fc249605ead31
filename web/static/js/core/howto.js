// "How to play" on the table screen before the first game: the whole game in a few cards, read
// together from the sofa, skippable at any card. Its words are in the translations (howto.*).

import { h } from "./dom.js";
import { t } from "./i18n.js";

const CARDS = ["goal", "turn", "casino", "bluff", "money", "table"];

// The lobby's button that opens the cards.
export function howToButton() {
  return h("button", { type: "button", class: "btn howto-open", "data-act": "howto-open", text: t("howto.open") });
}

// The open card (`at`, from 0) over the lobby, or null.
export function howToCards(at) {
  if (at === null || at === undefined) return null;
  const key = CARDS[at];
  const last = at === CARDS.length - 1;
  return h("div", { class: "modal-back howto" },
    h("section", { class: "modal", role: "dialog", "aria-modal": "true", "aria-labelledby": "howto-title", "aria-describedby": "howto-text", "data-howto": key },
      h("p", { class: "hint", text: t("howto.card_n", { n: at + 1, of: CARDS.length }) }),
      h("h2", { id: "howto-title", tabindex: "-1", text: t(`howto.${key}_title`) }),
      h("p", { id: "howto-text", class: "howto-text", text: t(`howto.${key}`) }),
      h("div", { class: "row" },
        h("button", { type: "button", class: "btn", "data-act": "howto-close", text: t("howto.skip") }),
        at > 0 ? h("button", { type: "button", class: "btn", "data-act": "howto-back", text: t("ui.back") }) : null,
        h("button", { type: "button", class: "btn primary", "data-act": last ? "howto-close" : "howto-next", text: last ? t("howto.done") : t("howto.next") }))));
}

// A tap on the cards' buttons: the card to show next (null: closed), or undefined when not theirs.
export function howToClick(act, at) {
  if (act === "howto-open") return 0;
  if (act === "howto-next") return Math.min(at + 1, CARDS.length - 1);
  if (act === "howto-back") return Math.max(at - 1, 0);
  if (act === "howto-close") return null;
  return undefined;
}

// A bluff card, face down: its face shows only while a finger (or a key) holds it (phone-play-input.js).

import { h, icon } from "./dom.js";
import { t } from "./i18n.js";

function cardTile(card, n) {
  return h("div", { class: "bluff", "data-card": card.id, "data-hold": "card", tabindex: "0", role: "button" },
    h("span", { class: "face" }, icon(card.symbol === "blank" ? "bl-blank" : card.symbol), h("span", { text: t(`bluff.${card.symbol}`) })),
    h("span", { class: "back" }, h("span", { "aria-hidden": "true", text: String(n) }), h("span", { class: "sr", text: t("cards.hold_n", { n }) })));
}

export { cardTile };

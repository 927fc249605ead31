// The small marks both screens draw: a seat's connection dot and a casino's chip.

import { h, icon } from "./dom.js";
import { t } from "./i18n.js";

// `phone` false: a seat played on the table screen.
function dot(on, phone = true) {
  if (!phone) return h("span", { class: "dot none", role: "img", "aria-label": t("player.no_phone"), title: t("player.no_phone") });
  return h("span", { class: `dot ${on ? "on" : "off"}`, role: "img", "aria-label": on ? t("conn.on") : t("conn.off"), title: on ? t("conn.on") : t("conn.off") });
}

function casinoChip(c, small = false) {
  return h("li", { class: `casino-chip c-${c.colour}${small ? " small" : ""}`, "data-casino": c.id, title: c.name },
    h("span", { class: "swatch", "aria-hidden": "true" }), icon(c.symbol),
    h("span", { text: c.name }),
    h("span", { class: "sr", text: ` (${t(`colour.${c.colour}`)}, ${t(`symbol.${c.symbol}`)})` }));
}

export { dot, casinoChip };

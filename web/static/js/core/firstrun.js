// The first start: until the first phone has joined, the lobby says what to check when a phone
// cannot open the page, for the system the laptop runs (the host names it: body data-system).

import { h } from "./dom.js";
import { t } from "./i18n.js";

const SYSTEMS = ["windows", "macos", "linux"];
const SYSTEM = SYSTEMS.includes(document.body.dataset.system) ? document.body.dataset.system : "linux";
const CHECKS = ["firewall", "wifi", "guest"];

// The help, or null once a phone has joined this lobby.
function firstRunHelp(view) {
  if (view.players.some((p) => p.phone)) return null;
  const port = location.port || "80";
  return h("section", { class: "firstrun note", "data-firstrun": SYSTEM, "aria-labelledby": "firstrun-title" },
    h("h2", { id: "firstrun-title", text: t("firstrun.title") }),
    h("ol", {}, CHECKS.map((check) => h("li", { "data-check": check },
      h("strong", { text: t(`firstrun.${check}_title`) }), " ",
      h("span", { text: t(check === "firewall" ? `firstrun.firewall.${SYSTEM}` : `firstrun.${check}`, { port }) })))),
    h("p", { class: "hint", text: t("firstrun.until") }));
}

export { firstRunHelp };

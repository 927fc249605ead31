// Words for a screen reader that outlive the page's re-renders: two regions outside #app, made
// once (a live region rebuilt with each render is often not read). What happened is said politely
// when the view that holds it arrives, and that view comes after the table's reveal (the host holds
// the phones' views until then), so nothing is said early. The turn alert is said at once.

import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { eventText, quiet } from "../core/words.js";

let regions = null;
let heard = null; // the log's end when the last view was read
let acting = false;

function made() {
  regions ||= {
    news: h("div", { class: "sr", role: "status", "aria-live": "polite", "data-out": "news" }),
    alert: h("div", { class: "sr", role: "alert", "data-out": "turn-alert" }),
  };
  if (!regions.news.isConnected) document.body.append(regions.news, regions.alert);
  return regions;
}

// Called with every message: the events since the last one, in words (to a seat's phone and to a
// phone that watches); "It's your turn" when this phone gets something to decide.
export function announce(msg) {
  if (!msg || (msg.kind !== "game" && msg.kind !== "watch")) { heard = null; acting = false; return; }
  const { news, alert } = made();
  const v = msg.view;
  const start = v.log_start || 0;
  const end = start + (v.log || []).length;
  if (heard !== null && end > heard) {
    const fresh = v.log.slice(Math.max(0, heard - start)).filter((e) => !quiet(e) && e.type !== "turn");
    if (fresh.length) news.textContent = fresh.slice(-3).map((e) => eventText(e, v)).join(". ");
  }
  heard = end;
  const now = (msg.legal_actions || []).length > 0 && !v.over;
  if (now && !acting) alert.textContent = t("me.your_turn");
  else if (!now && alert.firstChild) alert.textContent = ""; // only when it says something: each write is a change
  acting = now;
}

// The table's history: the newest line on top, in three lists. The newest lines are always drawn; the
// next ones only while the column has room to show them (short lines, a tall screen); the oldest
// only when scrolled to (table.css). A component with an element of its own: a new event adds its
// line and moves the line it pushes out of each list into the next; every other line stays the
// node it was, untouched.

import { h, own } from "../core/dom.js";
import { currentLang, t } from "../core/i18n.js";
import { eventText, quiet } from "../core/words.js";

const KEPT = 80; // lines on the page at most
// Where each list starts: 8 lines always drawn (more than the column shows when every line takes
// three rows, as with long names at 1366x768); up to 24 drawn when in view (more than it shows of
// one-row lines at 1366x768 or 1920x1080); the rest drawn only when scrolled to. Lines that are
// drawn but out of view are laid out and painted again each time a new line moves them down.
const STARTS = [0, 8, 24];

// The clock time of a line; the formatter made once per language (toLocaleTimeString makes one each call).
let clock = { lang: null, fmt: null };
function clockTime(time) {
  if (clock.lang !== currentLang()) clock = { lang: currentLang(), fmt: new Intl.DateTimeFormat(currentLang(), { hour: "2-digit", minute: "2-digit" }) };
  return clock.fmt.format(new Date(time * 1000));
}

function historyLine(e, time, v) {
  const corr = e.type === "correction" || e.type === "undone";
  return h("li", { class: `ev ev-${e.type}${corr ? " corr" : ""}`, "data-ev": e.type },
    time ? h("time", { text: clockTime(time) }) : null,
    h("span", { text: eventText(e, v) }));
}

// `list`'s children made `nodes`, moving only the nodes out of place.
function arrange(list, nodes) {
  let at = list.firstChild;
  for (const node of nodes) {
    if (node === at) at = at.nextSibling;
    else list.insertBefore(node, at);
  }
  while (at) { const next = at.nextSibling; at.remove(); at = next; }
}

function setStart(list, n) {
  if (list.getAttribute("start") !== String(n)) list.setAttribute("start", String(n));
}

class History {
  constructor() {
    this.title = h("h2");
    this.lists = ["history", "history later", "history older"].map((cls) => h("ol", { class: cls, reversed: true }));
    // It scrolls: the keyboard can reach it (tabindex) to scroll it with the arrow keys.
    this.el = own(h("section", { class: "hist-box", tabindex: "0" }, this.title, this.lists[0]));
    this.log = null; // the log and the times last shown
    this.times = null;
    this.lang = null;
    this.lines = new Map(); // the log's index -> { e, time, li }
  }

  // The lines of `v`'s log (`times`: each event's clock time), built only for events not shown yet.
  update(v, times) {
    const lang = currentLang();
    if (v.log === this.log && times === this.times && lang === this.lang) return;
    if (lang !== this.lang) {
      this.lines.clear();
      this.el.setAttribute("aria-label", t("table.history"));
      this.title.textContent = t("table.history");
    }
    this.log = v.log;
    this.times = times;
    this.lang = lang;
    const start = v.log_start || 0;
    const log = v.log || [];
    const lines = new Map();
    const nodes = [];
    for (let i = log.length - 1; i >= 0 && nodes.length < KEPT; i--) {
      const e = log[i];
      if (quiet(e)) continue;
      const had = this.lines.get(start + i);
      const line = had && had.e === e && had.time === times[i] ? had : { e, time: times[i], li: historyLine(e, times[i], v) };
      lines.set(start + i, line);
      nodes.push(line.li);
    }
    this.lines = lines;
    const end = start + log.length;
    // The last list first: it takes its new first line straight from the list before it.
    for (let k = this.lists.length - 1; k >= 0; k--) {
      arrange(this.lists[k], nodes.slice(STARTS[k], STARTS[k + 1] ?? KEPT));
      setStart(this.lists[k], end - STARTS[k]);
    }
    // A list with no lines is off the page.
    this.lists.forEach((list, k) => {
      if (k && (nodes.length > STARTS[k]) !== list.isConnected) {
        if (list.isConnected) list.remove(); else this.lists[k - 1].after(list);
      }
    });
  }
}

export { History };

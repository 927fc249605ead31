// Bits both screens share: theme and language switches, focus across renders, error words.

import { h, icon, setText } from "./dom.js";
import { t, has, currentLang } from "./i18n.js";
import { lazy } from "./lazy.js";

const THEME = "cashrun.theme";

function applyTheme() {
  const saved = localStorage.getItem(THEME);
  if (saved === "dark" || saved === "light") document.documentElement.dataset.theme = saved;
  else delete document.documentElement.dataset.theme;
}

const darkQuery = matchMedia("(prefers-color-scheme: dark)"); // asked once, not a new list each time

function isDark() {
  const set = document.documentElement.dataset.theme;
  return set ? set === "dark" : darkQuery.matches;
}

function toggleTheme() {
  localStorage.setItem(THEME, isDark() ? "light" : "dark");
  applyTheme();
}

function themeButton() {
  const dark = isDark();
  return h("button", { type: "button", class: "tool", "data-act": "theme", "aria-label": dark ? t("ui.light") : t("ui.dark"), title: dark ? t("ui.light") : t("ui.dark") },
    icon(dark ? "sun" : "moon"));
}

function langButton() {
  const other = currentLang() === "nl" ? "en" : "nl";
  // Its name begins with the letters it shows ("NL Nederlands"), so a voice command finds it.
  return h("button", { type: "button", class: "tool lang", "data-act": "lang", lang: other, title: t("ui.switch_lang") },
    other.toUpperCase(), h("span", { class: "sr", text: ` ${t("ui.switch_lang")}` }));
}

// A render keeps the focused control where it can; where it could not (a new control), put the focus
// back on the control that stands for it.
const FOCUS_KEYS = ["data-input", "data-form", "data-act", "data-field", "data-hold", "data-set", "data-box", "data-k", "data-deck"];
function keepFocus() {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const key = FOCUS_KEYS.map((a) => el.getAttribute(a)).join("|");
  const keyed = el.dataset.key || el.dataset.type || el.dataset.seat || "";
  return { el, key, keyed, start: el.selectionStart, end: el.selectionEnd, tag: el.tagName };
}

function restoreFocus(f) {
  if (!f || document.activeElement === f.el) return;
  for (const el of document.querySelectorAll("input, button, select, textarea, summary")) {
    const key = FOCUS_KEYS.map((a) => el.getAttribute(a)).join("|");
    const keyed = el.dataset.key || el.dataset.type || el.dataset.seat || "";
    if (key === f.key && keyed === f.keyed && el.tagName === f.tag && key.replace(/\|/g, "") !== "") {
      el.focus({ preventScroll: true });
      try { if (f.start !== null && f.start !== undefined) el.setSelectionRange(f.start, f.end); } catch { /* not a text input */ }
      return;
    }
  }
}

function errorText(err) {
  if (!err) return "";
  const key = `error.${err.code}`;
  const vars = { ...err };
  if (err.field) vars.field = has(`field.${err.field}`) ? t(`field.${err.field}`) : err.field;
  return has(key) ? t(key, vars) : t("error.other", { code: err.code });
}

// An open or closed <details data-details="key"> stays so across renders; opened, it renders (what a
// closed one holds may be built only while it is open). A tap's toggle event comes a task after the
// tap: the state follows the tap at once, so that a render in between (a message from the host)
// does not close again what the tap opened.
function rememberDetails(root, store) {
  const tapped = new WeakSet(); // toggled by a tap, its toggle event still to come
  root.addEventListener("click", (ev) => {
    const d = ev.target.closest && ev.target.closest("summary")?.parentElement;
    const key = d && d.localName === "details" && d.dataset.details;
    if (key && !ev.defaultPrevented) { store.settle({ ui: { [key]: !d.open } }); tapped.add(d); }
  }, true);
  root.addEventListener("toggle", (ev) => {
    const d = ev.target;
    const key = d.dataset && d.dataset.details;
    if (key && (tapped.delete(d) || !!store.state.ui[key] !== d.open)) store.ui({ [key]: d.open });
  }, true);
}

// The auction countdown: the host sends the seconds left; the page counts down locally. Paused by
// the banker it stands still; with no clock (a house rule) it says who closes the auction.
let countdown = null; // {deadline: local ms} | {paused: seconds} | {none: true}

function setCountdown(msg) {
  const auc = msg && msg.auction;
  const bidding = !!msg && msg.kind === "game" && msg.view.phase === "auction";
  if (!bidding) countdown = null;
  else if (!auc) countdown = { none: true };
  else if (auc.paused) countdown = { paused: Math.ceil(auc.remaining) };
  else countdown = { deadline: Date.now() + auc.remaining * 1000 };
}

function countdownText() {
  if (!countdown) return "";
  if (countdown.none) return t("ui.no_clock");
  if (countdown.paused !== undefined) return t("ui.countdown_paused", { n: countdown.paused });
  return t("ui.countdown", { n: Math.max(0, Math.ceil((countdown.deadline - Date.now()) / 1000)) });
}

function countdownLine() {
  return h("p", { class: "countdown", "data-out": "countdown", "aria-live": "off", text: countdownText() });
}

setInterval(() => {
  if (!countdown) return; // no auction: nothing to look for
  const el = document.querySelector('[data-out="countdown"]');
  if (el) setText(el, countdownText());
}, 250);

// The screen stays on while a game runs: wakelock.js, loaded once one does (a first load does without it).
let wake = null;
let awake = false;
const loadWake = lazy(["./wakelock.js"], (m) => { wake = m; wake.keepAwake(awake); }, () => stayAwake(awake));
function stayAwake(on) {
  awake = on;
  if (wake) wake.keepAwake(on);
  else if (on) loadWake();
}

// A data attribute set only when its value changes (setting it again would still restyle what it selects).
function setData(el, key, value) {
  if (el.dataset[key] !== value) el.dataset[key] = value;
}

// The state in data attributes, for people debugging and for the browser tests to wait on.
function markState(root, st) {
  const m = st.msg;
  setData(root, "conn", st.conn);
  setData(root, "pending", st.pending ? "1" : "");
  setData(root, "kind", m ? m.kind : "");
  setData(root, "phase", m && m.kind === "game" ? m.view.phase : "");
  setData(root, "logEnd", m && m.kind === "game" ? String((m.view.log_start || 0) + (m.view.log || []).length) : "");
}

export { rememberDetails, setData, setCountdown, countdownLine, markState, applyTheme, toggleTheme, isDark, themeButton, langButton, keepFocus, restoreFocus, errorText, stayAwake };

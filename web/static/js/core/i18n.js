// Translations: one JSON file per language, loaded once, as the host serves it for this screen
// (the phone's copy leaves out what only the table reads). No text a person reads lives in the code.

const LANGS = ["nl", "en"];
const KEY = "cashrun.lang";
let dict = {};
let lang = "en";
let rules = new Intl.PluralRules("en");
let locale = "en-GB";
let numfmt = new Intl.NumberFormat(locale);
let listfmt = null; // made once per language: a new one costs more than it formats
const found = new Map(); // key -> its string or forms, for this language

function chooseLang() {
  const saved = localStorage.getItem(KEY);
  if (LANGS.includes(saved)) return saved;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

async function loadLang(want) {
  const l = LANGS.includes(want) ? want : chooseLang();
  const screen = document.body.classList.contains("table") ? "table" : "phone";
  const res = await fetch(`/i18n/${screen}/${l}.json`);
  dict = await res.json();
  lang = l;
  rules = new Intl.PluralRules(l);
  locale = l === "nl" ? "nl-NL" : "en-GB";
  numfmt = new Intl.NumberFormat(locale);
  listfmt = null;
  found.clear();
  document.documentElement.lang = l;
  return l;
}

function setLang(l) {
  localStorage.setItem(KEY, l);
  return loadLang(l);
}

function lookup(key) {
  if (found.has(key)) return found.get(key);
  const node = walk(key);
  found.set(key, node);
  return node;
}

function walk(key) {
  let node = dict;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object" || !(part in node)) return undefined;
    node = node[part];
  }
  return node;
}

function has(key) { return typeof lookup(key) === "string" || typeof lookup(key) === "object"; }

// The plural form of the count `n` in this language, as Intl.PluralRules names it: "one" or
// "other" in Dutch and English (0 is "other": "0 spelers", "0 players").
function plural(n) { return rules.select(Number(n)); }

// t("a.b", {name}) -> string. A count string is an object of plural forms ({one, other}); `vars.n`
// is its count and picks the form (the "other" form when the language's form is missing). A
// sentence with two counts is made of two such strings.
function t(key, vars = {}) {
  let v = lookup(key);
  if (v && typeof v === "object") v = v["n" in vars ? plural(vars.n) : "other"] ?? v.other;
  if (typeof v !== "string") return key;
  return v.replace(/\{(\w+)\}/g, (m, name) => {
    const x = vars[name];
    if (x === undefined || x === null) return m;
    return typeof x === "number" && name !== "n" && name !== "number" ? numfmt.format(x) : String(x);
  });
}

function money(n) {
  if (n === null || n === undefined) return t("money.unlimited");
  return t("money.amount", { amount: numfmt.format(n) });
}

function num(n) { return numfmt.format(n); }

// Names (or counted things) as one phrase: "Ann, Bob and Cas" / "Ann, Bob en Cas". An older phone
// without Intl.ListFormat (iOS before 14.5) gets them with commas.
function list(items) {
  if (!Intl.ListFormat) return items.join(", ");
  listfmt ||= new Intl.ListFormat(locale);
  return listfmt.format(items);
}

function currentLang() { return lang; }

export { loadLang, setLang, t, has, plural, list, money, num, currentLang };

// Spoken results on the table screen (the Web Speech API): "Rood, zeventien" once the stage has
// shown a spin, and the die, the dice and a card alike. Off by default, switched beside the sound;
// the choice is kept in local storage. Only a voice of the page's language speaks: a browser
// without one (headless Chromium has none) says nothing, and nothing else changes.

import { t, has, currentLang } from "../core/i18n.js";
import { numberColour } from "../core/words.js";

const KEY = "cashrun.speech";
const synth = typeof speechSynthesis === "object" && typeof SpeechSynthesisUtterance === "function" ? speechSynthesis : null;

// Whether this browser can speak at all (the switch is shown only then).
export function canSpeak() { return !!synth; }
export function speechOn() { return !!synth && localStorage.getItem(KEY) === "on"; }
export function setSpeech(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
  if (!on && synth) synth.cancel();
}

// `fn` runs when the browser's voices change (they may load after the page).
export function onVoices(fn) {
  if (synth && typeof synth.addEventListener === "function") synth.addEventListener("voiceschanged", fn);
}

// A voice for the page's language, or null (the voices may come a moment after the page).
export function voice() {
  if (!synth) return null;
  const lang = currentLang();
  return synth.getVoices().find((v) => String(v.lang).toLowerCase().replace("_", "-").startsWith(lang)) || null;
}

// The words for one outcome, or null for anything else.
function words(e) {
  if (e.type === "spin") return t("table.say_spin", { colour: t(`colour.${numberColour(e.number)}`), number: e.number });
  if (e.type === "die") return t("table.say_die", { value: e.value });
  if (e.type === "dice") return t("table.say_dice", { a: e.values[0], b: e.values[1] });
  if (e.type === "card") return t("table.say_card", { suit: t(`suit.${e.suit}`), rank: has(`table.say_rank.${e.rank}`) ? t(`table.say_rank.${e.rank}`) : e.rank });
  return null;
}

// Say the outcomes among `events` (those the stage has just shown), when speech is on and a voice is there.
export function speak(events) {
  if (!speechOn()) return;
  const v = voice();
  if (!v) return;
  for (const e of events) {
    const text = words(e);
    if (!text) continue;
    const said = new SpeechSynthesisUtterance(text.charAt(0).toUpperCase() + text.slice(1));
    said.voice = v;
    said.lang = v.lang;
    synth.speak(said);
  }
}

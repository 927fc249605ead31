// The fairness check on the end screen of a phone or the table screen: it runs once per game, in
// the page (fair-check.js, loaded only now), and says "✔ All N draws checked" or which check
// failed, with the steps, the seed and everyone's randomness behind a details a player can open.
// The seed's fingerprint in the lobby, folded away (the table screen keeps it for its own check).

import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { kept, keep } from "./fair-keep.js";
import { load, RETRY_MS } from "../core/lazy.js";

const runs = new Map(); // game id -> { result } (result null while the check runs)

// A game's record or the check's code that does not come (the laptop out of reach a moment) is
// asked for again; after TRIES the check says it could not run.
const TRIES = 3;

async function run(entry, fetchExport, own) {
  for (let n = 1; ; n++) {
    try {
      const exp = JSON.parse(await fetchExport());
      const { checkGame } = await load("../fair/fair-check.js");
      entry.result = await checkGame(exp, own);
      return;
    } catch {
      if (n === TRIES) { entry.result = { ok: false, failed: "unavailable", steps: [] }; return; }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}

// kind: "phone" (seat: its seat, or null for a phone that watches) or "table".
function fairPanel(gameId, { kind, seat = null, fetchExport, rerender, open = false }) {
  let entry = runs.get(gameId);
  if (!entry) {
    const mine = kept(gameId, kind) || {};
    const own = { seed_hash: mine.seed_hash || null, client_seed: seat === null ? null : mine.client_seed || null,
      start_value: seat === null ? null : mine.start_value || null, seat };
    entry = { result: null, own };
    runs.set(gameId, entry);
    run(entry, fetchExport, own).then(rerender);
  }
  const r = entry.result;
  const state = !r ? "checking" : r.ok ? "ok" : "failed";
  const head = !r ? t(`fair.checking_${kind}`)
    : r.ok ? t(`fair.ok_${kind}`, { n: r.draws }) : t(`fair.failed_${r.failed}`, { where: r.where ?? "" });
  return h("section", { class: `fair ${state}`, "data-out": "fair", "data-fair": state, "data-failed": r && !r.ok ? r.failed : null },
    h("p", { class: "fair-head", role: "status", text: head }),
    r && r.steps.length ? details(r, entry.own, kind, open) : null);
}

function details(r, own, kind, open) {
  const mark = (ok) => (ok === true ? "✔" : ok === false ? "✘" : "–");
  const stepText = (s) => (s.id === "own" && s.ok === null ? t(`fair.no_own_${kind}`) : t(`fair.step_${s.id}`, { n: r.draws, last: r.draws - 1 }));
  return h("details", { class: "fair-details", "data-details": "fairOpen", open: open ? true : null },
    h("summary", { text: t("fair.details") }),
    h("ul", { class: "fair-steps" }, r.steps.map((s) => h("li", { class: `step ${s.ok === false ? "bad" : s.ok ? "good" : "skip"}`, "data-step": s.id },
      h("span", { class: "mark", "aria-hidden": "true", text: mark(s.ok) }), h("span", { text: stepText(s) })))),
    spunAlone(r), forfeited(r), startedWithout(r, own),
    h("p", { class: "hint", text: t("fair.how") }),
    h("dl", { class: "fair-data" },
      h("dt", { text: t("fair.fingerprint") }), h("dd", {}, h("code", { text: r.seed_hash || "" })),
      own.seed_hash ? [h("dt", { text: t(`fair.kept_${kind}`) }), h("dd", {}, h("code", { text: own.seed_hash }))] : null,
      h("dt", { text: t("fair.seed") }), h("dd", {}, h("code", { text: r.seed || "" })),
      h("dt", { text: t("fair.client_seeds") }),
      h("dd", {}, h("ol", { start: 0 }, (r.client_seeds || []).map((c) => h("li", {}, h("code", { text: c || t("fair.none") })))))));
}

// The phones that did not give their part of a draw in time: each time, that side lost the game.
function forfeited(r) {
  const seats = [...new Set(r.forfeits || [])];
  if (!seats.length) return null;
  const names = seats.map((s) => (r.players || [])[s] || `#${s}`).join(", ");
  return h("p", { class: "fair-forfeits", "data-out": "fair-forfeits", "data-forfeits": (r.forfeits || []).join(","),
    text: t("fair.forfeits", { n: seats.length, names }) });
}

// Which draws the laptop made alone (neither side of the bet had a phone).
function spunAlone(r) {
  const alone = r.alone || [];
  return h("p", { class: "fair-alone", "data-out": "fair-alone", "data-alone": alone.join(","),
    text: alone.length ? t("fair.alone", { n: alone.length, draws: alone.join(", ") }) : t("fair.none_alone") });
}

// This phone committed to a start value, and the banker started without it (it did not answer in time).
function startedWithout(r, own) {
  const seat = own.seat;
  if (seat === null || !r.start_commits || !r.start_commits[seat] || r.start_values[seat] !== null) return null;
  return h("p", { class: "fair-without", "data-out": "fair-without", text: t("fair.without_phone") });
}

// The lobby's seed fingerprint, short, the whole of it in the title, folded away under "Fair play?"
// for whoever wants to see it (the family needs none of it to play). The table screen keeps it, to
// check later that the game used the fingerprint it showed.
function fingerprint(msg, kind) {
  const hash = msg.view.seed_hash;
  if (!hash) return null;
  if (kind === "table" && (kept(msg.game_id, "table") || {}).seed_hash !== hash) keep(msg.game_id, { seed_hash: hash }, "table");
  return h("details", { class: "fingerprint", "data-out": "fingerprint" },
    h("summary", { text: t("fair.lobby_open") }),
    h("p", { class: "hint", text: t("fair.lobby_why") }),
    h("p", { title: hash },
      h("span", { text: `${t("fair.fingerprint")} ` }), h("code", { "data-out": "seed-hash", "data-hash": hash, text: hash.slice(0, 16) })));
}

export { fairPanel, fingerprint };

// The phone without a seat: join with a name and a pawn, take a seat back with a claim code, or
// watch a game in play. The name field and "Take a seat" come first; on a claim link, the claim.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { TOKEN, WATCH, store, net, btn, problem, forget } from "./phone-shared.js";
import { newFair, sent, keep } from "./fair-keep.js";

const codeOf = (ui) => ui.code.trim().toUpperCase();

// The one place that builds what `join` and `claim` send: with this phone's new randomness for the
// game (docs/fairness.md): a client seed, the commitment to its start value, its chain's head.
function joinPayload(kind, ui, fair) {
  if (kind === "claim") return { code: ui.claim.trim(), ...sent(fair) };
  return { code: codeOf(ui), name: ui.name.trim(), ...(ui.pawn ? { pawn: ui.pawn } : {}), ...sent(fair) };
}

async function join(kind) {
  const ui = store.state.ui;
  ui.joining = kind;
  store.set({ pending: "join", error: null });
  // The seed's fingerprint comes first (peek): the phone keeps it before it sends its own seed.
  if (kind === "join" && !(store.state.ui.peek && store.state.ui.peek.seed_hash)) await peek();
  const peeked = store.state.ui.peek;
  const fair = await newFair();
  const answer = await net.request(kind, joinPayload(kind, store.state.ui, fair));
  if (answer.ok) {
    // A claim once the banker started: the game keeps the seeds and start values it started with,
    // and takes only this phone's chain.
    const seeded = answer.seeded !== false;
    keep(answer.game_id, { seed_hash: seeded ? (peeked && peeked.seed_hash) || null : null,
      ...(seeded ? fair : { chain_seed: fair.chain_seed, chain: fair.chain }) });
    localStorage.setItem(TOKEN, answer.token);
    store.ui({ note: null });
    store.set({ pending: null, error: null });
  } else {
    store.set({ pending: null, error: answer.error });
    if (answer.error.code === "pawn_taken" || answer.error.code === "game_started") peek();
  }
}

// What the join address offers for the code typed: a seat with a pawn, or watching a game in play.
async function peek() {
  const code = codeOf(store.state.ui);
  if (code.length !== 4 || store.state.conn !== "online") return;
  const answer = await net.request("peek", { code });
  if (!answer.ok || code !== codeOf(store.state.ui)) { store.ui({ peek: null }); return; }
  let pawn = store.state.ui.pawn;
  if (answer.status === "lobby") {
    const free = answer.pawns.colours.filter((c) => !answer.pawns.taken.includes(c));
    // The first free colour and, unless the player chose one, the first sign nobody has.
    const sign = answer.pawns.emoji.find((e) => !(answer.pawns.signs_taken || []).includes(e)) || answer.pawns.emoji[0];
    if (!pawn || !free.includes(pawn.colour)) pawn = { colour: free[0], emoji: (pawn && pawn.emoji) || sign };
  }
  store.ui({ peek: answer, pawn });
}

async function watch() {
  const code = codeOf(store.state.ui);
  store.set({ pending: "watch", error: null });
  const answer = await net.request("watch", { code });
  if (answer.ok) localStorage.setItem(WATCH, code);
  else if (answer.error.code === "bad_code") localStorage.removeItem(WATCH);
  store.set({ pending: null, error: answer.ok ? null : answer.error });
}

function stopWatching() {
  localStorage.removeItem(WATCH);
  store.ui({ leaving: false, peek: null });
  store.set({ msg: null });
  net.connect({});
}

const field = (label, attrs) => h("label", { class: "field" }, h("span", { text: t(label) }), h("input", attrs));

function joinForm(busy) {
  const ui = store.state.ui;
  const peekd = ui.peek;
  const started = peekd && peekd.status !== "lobby";
  const code = field("join.code", { "data-input": "code", value: ui.code, maxlength: 8, autocapitalize: "characters", autocomplete: "off", spellcheck: "false", class: "code-input" });
  if (started) {
    return [h("div", { class: "fields" }, code),
      h("p", { class: "note", "data-out": "started", text: t(peekd.status === "over" ? "watch.over" : "watch.started") }),
      problem("join"),
      btn({ class: "btn primary big", "data-act": "watch", disabled: busy, text: t("watch.go") })];
  }
  return [h("div", { class: "fields" }, code,
    field("join.name", { "data-input": "name", value: ui.name, maxlength: 24, autocomplete: "nickname", enterkeyhint: "go" })),
  problem("join"),
  btn({ class: "btn primary big", "data-act": "join", disabled: busy, text: t("join.go") }),
  peekd ? pawnPicker(peekd.pawns, ui.pawn) : null];
}

function claimForm(busy, first) {
  const ui = store.state.ui;
  return [h("p", { class: "hint", text: t("claim.intro") }),
    field("claim.code", { "data-input": "claim", value: ui.claim, inputmode: "numeric", maxlength: 12, autocomplete: "off" }),
    problem("claim"),
    btn({ class: first ? "btn primary big" : "btn", "data-act": "claim", disabled: busy, text: t("claim.go") })];
}

function joinScreen() {
  const ui = store.state.ui;
  const note = ui.note ? h("p", { class: "note", role: "alert", text: t(`refused.${ui.note}`) }) : null;
  const busy = !!store.state.pending || store.state.conn !== "online";
  if (ui.claimLink) {
    // A claim link: taking the seat back comes first, a new seat under it.
    return h("main", { class: "screen join claim-first" },
      h("h1", { text: t("claim.title") }), note, claimForm(busy, true),
      h("details", { class: "claim", open: ui.joinOpen ? true : null, "data-details": "joinOpen" },
        h("summary", { text: t("join.title") }), joinForm(busy)));
  }
  return h("main", { class: "screen join" },
    h("h1", { text: t("join.title") }), note,
    h("p", { class: "lead", text: t("join.intro") }),
    joinForm(busy),
    h("details", { class: "claim", open: ui.claim || ui.claimOpen ? true : null, "data-details": "claimOpen" },
      h("summary", { text: t("claim.title") }), claimForm(busy, false)));
}

// The colour of my physical pawn (a colour another player took is not on offer) and an emoji;
// the first free colour and the first emoji are chosen already.
function pawnPicker(offer, pawn) {
  const pick = (kind, value, kids, extra) => btn({ class: `${kind}-btn${extra || ""}`, "data-act": `pawn-${kind}`,
    [`data-${kind}`]: value, "aria-pressed": pawn && pawn[kind] === value ? "true" : "false", disabled: kind === "colour" && offer.taken.includes(value) }, kids);
  return h("fieldset", { class: "pawn-pick" },
    h("legend", { text: t("pawn.colour") }),
    h("div", { class: "swatches" }, offer.colours.map((c) => pick("colour", c, [h("span", { class: "swatch-dot", "aria-hidden": "true" }),
      h("span", { text: t(`pawn.${c}`) }), offer.taken.includes(c) ? h("span", { class: "taken", text: t("pawn.taken") }) : null], ` pawn-${c}`))),
    h("p", { class: "pawn-q", text: t("pawn.emoji") }),
    h("div", { class: "emoji-pick", role: "group", "aria-label": t("pawn.emoji") }, offer.emoji.map((e) => pick("emoji", e, e))));
}

function refusedScreen() {
  const code = store.state.refusal;
  return h("main", { class: "screen refused" },
    h("h1", { text: t(`refused.${code}_title`) }),
    h("p", { class: "lead", text: t(`refused.${code}`) }),
    code === "replaced" ? btn({ class: "btn primary big", "data-act": "reclaim", text: t("refused.use_here") }) : null,
    btn({ class: "btn", "data-act": "forget", text: t("refused.join_again") }));
}

// A tap on the join or refused page; true when it was one.
function joinClick(el, act) {
  if (act.startsWith("pawn-")) { const k = act.slice(5); store.ui({ pawn: { ...store.state.ui.pawn, [k]: el.dataset[k] } }); }
  else if (act === "watch") watch();
  else if (act === "join" || act === "claim") join(act);
  else if (act === "reclaim") net.connect({ token: localStorage.getItem(TOKEN) });
  else if (act === "forget") { store.set({ conn: "connecting", refusal: null }); forget(null); }
  else return false;
  return true;
}

export { joinScreen, refusedScreen, joinClick, join, peek, watch, stopWatching };

// The board map being entered, as data: which spaces a tap adds, changes or removes, and whether
// the board looks complete. No DOM. The host (the engine) still checks a board when it is saved;
// "looks complete" is only the editor's hint that the walk may be over.

const VERSION = 1;
const MIN_SPACES = 13; // the engine's limits (docs/engine.md, "The board")
const MAX_SPACES = 120;
const SINGLE = ["cash_and_run", "bluff", "grand_slam"];
const WITH_SYMBOL = ["win_pot", "everybody_plays", "buy_back"];
const SYMBOLS = ["roulette", "dice", "cards"];

// The space a tapped button stands for: `{space, casino}` or `{space, symbol}` or `{space}`.
function spaceOf(data) {
  if (data.casino !== undefined) return { space: "casino", casino: Number(data.casino) };
  if (data.symbol !== undefined) return { space: data.kind, symbol: data.symbol };
  return { space: data.kind };
}

// Where each casino of the box stands (casino id -> space index), leaving out space `skip`.
function placedAt(spaces, skip = null) {
  const at = new Map();
  spaces.forEach((sp, i) => { if (sp.space === "casino" && i !== skip) at.set(sp.casino, i); });
  return at;
}

// The board so far: counts, what is still missing, and whether it looks complete. No public source
// gives the Jumbo board's length, so a board looks complete when it has what the engine requires:
// every casino of the box once, a Cash & Run space and at least 13 spaces. The person, whose walk is
// then back at space 1 or nearly, decides; the editor says so and offers Save.
function look(spaces, box) {
  const placed = placedAt(spaces);
  const missing = box.map((_, i) => i).filter((i) => !placed.has(i));
  const runs = spaces.filter((sp) => sp.space === "cash_and_run").length;
  const short = Math.max(0, MIN_SPACES - spaces.length);
  return { placed: placed.size, missing, runs, short, complete: !missing.length && runs > 0 && !short, full: spaces.length >= MAX_SPACES };
}

// `space` put in: at the end (`at` null), in place of space `at`, or before it (`insert`).
function put(spaces, space, at = null, insert = false) {
  const out = [...spaces];
  if (at === null || at >= spaces.length) out.push(space);
  else out.splice(at, insert ? 0 : 1, space);
  return out;
}

function removeAt(spaces, at) {
  return spaces.filter((_, i) => i !== at);
}

export { VERSION, SINGLE, WITH_SYMBOL, SYMBOLS, spaceOf, placedAt, look, put, removeAt };

// A player's pawn on every screen: the colour of the physical pawn and the emoji chosen at join
// (`players[i].pawn = {colour, emoji}` in the views). A player without a chosen pawn (a seat
// without a phone, a game saved before pawns) keeps the colour of the seat.

import { h } from "./dom.js";

function pawnClass(player) {
  return player.pawn ? `pawn-${player.pawn.colour}` : `p${player.seat}`;
}

function pawnMark(player) {
  return player.pawn?.emoji ? h("span", { class: "pawn-emoji", "aria-hidden": "true", text: player.pawn.emoji }) : null;
}

export { pawnClass, pawnMark };

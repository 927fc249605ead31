// A question before an action that cannot be taken back (new game, removing a player, the start,
// ending the bidding, the banker's undo, play again). The action waits in `ui.confirm` until
// the banker says yes; Esc or "no" drops it.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const ASK = new Set(["new_game", "remove_player", "start", "close_auction", "undo", "play_again"]);

function needsConfirm(type) { return ASK.has(type); }

// `pending` = {action, as, vars}: the dialog that asks about it, with the "no" button first in focus order.
function confirmBox(pending) {
  if (!pending) return null;
  return h("div", { class: "modal-back" },
    h("div", { class: "modal", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "confirm-title", "aria-describedby": "confirm-text", "data-confirm": pending.action.type },
      h("h2", { id: "confirm-title", text: t("show.confirm_title") }),
      h("p", { id: "confirm-text", class: "confirm-text", text: t(`show.confirm_${pending.action.type}`, pending.vars || {}) }),
      h("div", { class: "row" },
        h("button", { type: "button", class: "btn", "data-act": "confirm-no", text: t("show.confirm_no") }),
        h("button", { type: "button", class: "btn primary", "data-act": "confirm-yes", text: t("show.confirm_yes") }))));
}

export { needsConfirm, confirmBox };

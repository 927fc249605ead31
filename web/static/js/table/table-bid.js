// A bidder without a phone, during an auction on the table screen: the lowest bid in one tap,
// another amount on the pad behind "Other amount", or pass. The countdown runs, so the quickest
// bid is the first button.

import { h } from "../core/dom.js";
import { t, money } from "../core/i18n.js";
import { needsAmount } from "../core/actions.js";

// The one-tap bid for a seat's listed `bid` action (its lowest amount), or null.
export function quickBid(bid, as, pending) {
  if (!bid || !needsAmount(bid)) return null;
  return h("button", { type: "button", class: "btn primary", "data-act": "bid-now", "data-as": as,
    "data-amount": bid.amount.min, disabled: pending, text: t("table.bid_now", { amount: money(bid.amount.min) }) });
}

// The listed bid filled in with the button's amount, for `send`.
export function quickBidAction(bid, el) {
  return bid && needsAmount(bid) ? { ...bid, amount: Number(el.dataset.amount) } : null;
}

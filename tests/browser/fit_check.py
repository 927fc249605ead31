"""What a person sees: text cut or shortened, elements squeezed to nothing, controls covered.

`findings(page)` runs one script in the page and returns readable findings, each a dict with
`selector`, `text` and `why`:

- **cut by its own box**: text wider or taller than its box while the box hides or scrolls the
  rest. A name may give way with an ellipsis (`text-overflow: ellipsis`) when its whole words are
  in a title (its own or an ancestor's) and at least eight letters still show; other words
  ("Dobbels…") and an amount or a count (a number in groups of three, or a short text that is
  mostly a number) may not be shortened.
- **a word broken over two lines**: a narrow box that splits a word ("Everybod" / "y Plays").
- **cut by an ancestor**: text that reaches past an ancestor that hides, clips or scrolls its
  overflow (the players column scrolling sideways with the money past its edge). An ancestor named
  in `scrollable` scrolls by design (the history): up and down it may hold more than it shows,
  never sideways.
- **spills out of its box**: text past the edges of the nearest box drawn round it (a background
  or a border), though nothing clips it: on the gap or the next box.
- **cut by the window**: text past the window's edges (above or below too, unless
  `page_scrolls`, as on the phone or the table's lobby).
- **covered**: text or a control in view whose middle is under another element
  (`elementFromPoint`): a box grown over its neighbours, a banner. `cover_ok` names elements
  that may lie over the rest (none by default); what is inside an element named in `ignore`
  is not looked at.
- **squeezed**: text or a control on screen with a box under 2 px wide or high.
- **a control past its box**: a control whose own box reaches out of the nearest box drawn round
  it (a quick amount wider than its column, over the panel's edge), though its text is whole.

SVG text counts as text: the chart's axis labels are cut by the SVG's own box like any other.
Screen-reader words (`.sr`, clipped to nothing on purpose) are skipped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

SCRIPT = r"""(opts) => {
  const out = [];
  const scrollable = (el) => opts.scrollable.some((s) => el.matches(s));
  const path = (el) => {
    const parts = [];
    for (let e = el; e && e.nodeType === 1 && e !== document.body && parts.length < 4; e = e.parentElement) {
      let p = e.tagName.toLowerCase();
      if (e.id) { parts.unshift(`${p}#${e.id}`); break; }
      for (const a of ['data-out', 'data-seat', 'data-act', 'data-type']) if (e.hasAttribute(a)) p += `[${a}="${e.getAttribute(a)}"]`;
      const cls = [...e.classList].slice(0, 2);
      if (cls.length) p += '.' + cls.join('.');
      parts.unshift(p);
    }
    return parts.join(' > ');
  };
  const add = (el, why) => out.push({ selector: path(el), text: (el.textContent || el.value || el.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ').slice(0, 80), why });
  // Words for screen readers only: `.sr`, or clipped to nothing the same way.
  const srOnly = (el) => el.closest('.sr') || getComputedStyle(el).clip === 'rect(0px, 0px, 0px, 0px)';
  const shown = (el) => {
    if (srOnly(el)) return false;
    // checkVisibility: not inside a closed <details>, a hidden or transparent ancestor
    return el.getClientRects().length > 0 && el.checkVisibility({ contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true });
  };
  const hides = (v) => v !== 'visible';
  // The rectangle the element's content is seen through (its padding box).
  const clipBox = (e) => {
    const r = e.getBoundingClientRect();
    if (e instanceof SVGElement) return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    return { left: r.left + e.clientLeft, top: r.top + e.clientTop, right: r.left + e.clientLeft + e.clientWidth, bottom: r.top + e.clientTop + e.clientHeight };
  };
  const textRect = (el) => {
    if (el instanceof SVGElement) return el.getBoundingClientRect();
    const range = document.createRange();
    let box = null;
    for (const n of el.childNodes) {
      if (n.nodeType !== 3 || !n.textContent.trim()) continue;
      range.selectNodeContents(n);
      const r = range.getBoundingClientRect();
      box = box ? { left: Math.min(box.left, r.left), top: Math.min(box.top, r.top), right: Math.max(box.right, r.right), bottom: Math.max(box.bottom, r.bottom) } : { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    }
    return box;
  };
  const E = 1;  // a pixel of rounding
  const MIN_LETTERS = 8;  // a name shortened further cannot be told from another
  // A word broken over two lines by a narrow box ("Everybod" / "y Plays"): the first of them, or null.
  // A hash or a seed (in a code element) is no word: 64 hex characters are meant to wrap anywhere.
  const brokenWord = (el) => {
    if (el.closest('code')) return null;
    const range = document.createRange();
    for (const n of el.childNodes) {
      if (n.nodeType !== 3) continue;
      const words = /[\p{L}\p{N}]{2,}/gu;
      for (let m; (m = words.exec(n.textContent));) {
        range.setStart(n, m.index);
        range.setEnd(n, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        if (rects.some((r) => Math.abs(r.top - rects[0].top) > 2)) return m[0];
      }
    }
    return null;
  };
  // Text that reaches out of the nearest box drawn round it (a background or a border: a card, the
  // stage) even where nothing clips it: it sits on the gap or on the next box.
  const drawn = (cs) => cs.backgroundColor !== 'rgba(0, 0, 0, 0)' || cs.backgroundImage !== 'none' || parseFloat(cs.borderTopWidth) > 0 && parseFloat(cs.borderBottomWidth) > 0;
  const spill = (el, r) => {
    for (let a = el instanceof SVGElement ? el.ownerSVGElement : el.parentElement; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (!drawn(cs) || cs.display.startsWith('inline')) continue;
      if (hides(cs.overflowX) || hides(cs.overflowY)) return null;  // past its edge is clipped or scrolled: judged as cut
      const b = a.getBoundingClientRect();
      if (r.left < b.left - E || r.right > b.right + E || r.top < b.top - E || r.bottom > b.bottom + E) return `spills out of the box of ${path(a)}`;
      return null;
    }
    return null;
  };
  // An amount or a count: a number in groups of three, or a short text that is mostly a number.
  const AMOUNT = /\d{1,3}([.,\u00a0\u202f ]\d{3})+|^\D{0,12}\d+\D{0,3}$/;
  const ownText = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  const ignored = (el) => opts.ignore.some((s) => el.closest(s));
  const texts = [...document.querySelectorAll('body *')].filter((el) => !ignored(el) &&
    (el.tagName === 'text' || el.tagName === 'tspan' ? el.textContent.trim() : ownText(el)) && !['SCRIPT', 'STYLE', 'TITLE', 'OPTION'].includes(el.tagName) && shown(el));
  for (const el of texts) {
    const text = el.textContent.trim();
    const amount = AMOUNT.test(text);
    const found = textRect(el);
    if (!found) continue;
    // What the element hides itself (a name's ellipsis) is judged above, not by its ancestors.
    const own = el instanceof SVGElement ? null : getComputedStyle(el);
    const c0 = own ? clipBox(el) : null;
    const r = { ...found };
    if (own && hides(own.overflowX)) { r.left = Math.max(r.left, c0.left); r.right = Math.min(r.right, c0.right); }
    if (own && hides(own.overflowY)) { r.top = Math.max(r.top, c0.top); r.bottom = Math.min(r.bottom, c0.bottom); }
    if (own) {
      const wide = el.scrollWidth > el.clientWidth + E && hides(own.overflowX);
      const tall = el.scrollHeight > el.clientHeight + E && hides(own.overflowY) && el.clientHeight > 0;
      if (wide && own.textOverflow === 'ellipsis' && !amount) {
        // A name giving way: its whole words in a title, and more than a few letters left.
        const titled = el.closest('[title]');
        const left = Math.floor(text.length * el.clientWidth / el.scrollWidth);
        if (!titled || !titled.getAttribute('title').includes(text)) add(el, `shortened with an ellipsis, its whole words in no title (${left} of ${text.length} letters shown)`);
        else if (left < MIN_LETTERS) add(el, `a name shortened to about ${left} letters`);
      }
      else if (wide) add(el, `cut by its own box (${el.scrollWidth} px of text in ${el.clientWidth} px${own.textOverflow === 'ellipsis' ? ', shortened with an ellipsis' : ''})`);
      else if (tall) add(el, `cut by its own box (${el.scrollHeight} px high in ${el.clientHeight} px)`);
      if (r.right - r.left < 2 || r.bottom - r.top < 2 || el.getBoundingClientRect().width < 2 || el.getBoundingClientRect().height < 2) add(el, 'squeezed to nothing');
    }
    // Ancestors that hide or scroll what reaches past them.
    let cut = null;
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const cs = getComputedStyle(a);
      const x = hides(cs.overflowX) || a.tagName === 'svg' && cs.overflow !== 'visible';
      const y = hides(cs.overflowY) || a.tagName === 'svg' && cs.overflow !== 'visible';
      if (!x && !y || a === document.body) continue;
      const c = clipBox(a);
      const pastX = x && (r.left < c.left - E || r.right > c.right + E);
      const pastY = y && (r.top < c.top - E || r.bottom > c.bottom + E);
      if (!pastX && !pastY) continue;
      if (!pastX && scrollable(a)) { cut = 'scrolled'; break; }  // a list that scrolls by design
      cut = `cut by ${a.tagName === 'svg' ? 'the SVG' : 'an ancestor'} ${path(a)} (overflow ${cs.overflowX}/${cs.overflowY}${pastX ? ', sideways' : ''})`;
      break;
    }
    if (cut === 'scrolled') continue;
    const broken = own ? brokenWord(el) : null;
    if (broken) add(el, `a word broken over two lines («${broken}»)`);
    if (cut) add(el, cut);
    else if (r.left < -E || r.right > innerWidth + E || (!opts.page_scrolls && (r.top < -E || r.bottom > innerHeight + E))) add(el, `cut by the window (text at ${Math.round(r.left)}..${Math.round(r.right)} x ${Math.round(r.top)}..${Math.round(r.bottom)} in ${innerWidth}x${innerHeight})`);
    else if ((cut = spill(el, r))) add(el, cut);
    else {
      // Text under something else (a box that grew over its neighbours, a banner): what is at its middle?
      const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
      const top = y >= 0 && y <= innerHeight && (own || getComputedStyle(el)).pointerEvents !== 'none' ? document.elementFromPoint(x, y) : null;
      if (top && top !== el && !el.contains(top) && !top.contains(el) && !opts.cover_ok.some((s) => top.closest(s))) add(el, `covered by ${path(top)}`);
    }
  }
  // Controls: squeezed, or covered by something else at their middle.
  // A control: a native one, or anything else with a data-act that shows a pointer (the stage while a reveal runs).
  const controls = [...document.querySelectorAll('button, a[href], input, select, textarea, summary, [data-act]')].filter((el) =>
    !ignored(el) && shown(el) && (el.matches('button, a[href], input, select, textarea, summary') || getComputedStyle(el).cursor === 'pointer'));
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) { if (!(el.tagName === 'INPUT' && el.type === 'file')) add(el, 'squeezed to nothing'); continue; }
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;  // the window's part: the texts above
    let away = false;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (!hides(cs.overflowX) && !hides(cs.overflowY)) continue;
      const c = clipBox(a);
      if (x < c.left || x > c.right || y < c.top || y > c.bottom) { away = true; break; }
    }
    if (away) continue;  // scrolled out of its list: not covered, out of view (the texts above)
    const spilled = spill(el, r);  // a chip wider than its column, past the panel's edge
    if (spilled) { add(el, spilled); continue; }
    const top = document.elementFromPoint(x, y);
    if (!top || el.contains(top) || top.contains(el) && top.tagName === 'LABEL') continue;
    if (el.tagName === 'INPUT' && el.type === 'file' && el.parentElement.contains(top)) continue;
    if (opts.cover_ok.some((s) => top.closest(s))) continue;
    add(el, `covered by ${path(top)}`);
  }
  const seen = new Set();
  return out.filter((f) => { const k = f.selector + '|' + f.why; if (seen.has(k)) return false; seen.add(k); return true; });
}"""


def findings(
    page,
    scrollable: Iterable[str] = (),
    page_scrolls: bool = False,
    cover_ok: Iterable[str] = (),
    ignore: Iterable[str] = (),
) -> list[dict]:
    """Every text cut or shortened, element squeezed and control covered on the page as it is now."""
    return page.evaluate(SCRIPT, _opts(scrollable, page_scrolls, cover_ok, ignore))


def _opts(scrollable, page_scrolls, cover_ok, ignore) -> dict:
    return {
        "scrollable": list(scrollable),
        "page_scrolls": page_scrolls,
        "cover_ok": list(cover_ok),
        "ignore": list(ignore),
    }


def readable(found: list[dict]) -> str:
    return "\n".join(f"- {f['selector']} «{f['text']}»: {f['why']}" for f in found)


TABLE_SCROLLS = (".hist-box", ".for-sale", ".drawer", ".end-main", ".end-side", ".lobby-players")
"""The table screen's parts that scroll by design when their content is long."""
TABLE_OVERLAYS = ("#drawer", ".modal-back", ".moment.grand")
"""What covers the rest on purpose: what the banker opens over the screen (the drawer, a question),
and a grand moment (the lap's start), which takes the whole stage and shows its card itself."""


def check_table(page, where: str, timeout: int = 2_000, **options) -> None:
    """The table screen: no findings (with its lists that scroll by design) within `timeout` ms,
    the time a page takes to settle after a resize or a render; else AssertionError naming each."""
    options["cover_ok"] = (*TABLE_OVERLAYS, *options.get("cover_ok", ()))
    options.setdefault(
        "page_scrolls", page.evaluate("() => !document.body.classList.contains('fill')")
    )  # the lobby scrolls
    check(page, where, timeout, scrollable=options.pop("scrollable", TABLE_SCROLLS), **options)


def check(
    page,
    where: str,
    timeout: int = 2_000,
    scrollable: Iterable[str] = (),
    page_scrolls: bool = False,
    cover_ok: Iterable[str] = (),
    ignore: Iterable[str] = (),
) -> None:
    """No findings within `timeout` ms; else AssertionError naming each."""
    opts = _opts(scrollable, page_scrolls, cover_ok, ignore)
    try:
        page.wait_for_function(f"(opts) => ({SCRIPT})(opts).length === 0", arg=opts, timeout=timeout, polling=200)
    except Exception:
        found = page.evaluate(SCRIPT, opts)
        if found:
            raise AssertionError(f"{where}: {len(found)} finding(s)\n{readable(found)}") from None

// Small helpers to build DOM from data. User text always goes in as textContent.

const SVGNS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") el.textContent = String(v);
    else if (k === "class") el.setAttribute("class", v);
    else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
    else if (k === "disabled" || k === "hidden") { if (v) el.setAttribute(k, ""); }
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVGNS, tag), attrs, children);
}

// An icon from the inline sprite in the page (<symbol id="i-NAME">).
function icon(name, cls = "icon") {
  return s("svg", { class: cls, "aria-hidden": "true", focusable: "false" },
    s("use", { href: `#i-${name}` }));
}

function $(sel, root = document) { return root.querySelector(sel); }

export { h, s, icon, $ };

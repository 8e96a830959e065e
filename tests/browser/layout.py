"""What a screen must hold on any phone, as one check run in the page (tests/browser/test_layout_matrix.py).

LAYOUT_PROBLEMS(scope) lists, for the visible elements under `scope` (a selector; the page's main and an open
dialog by default):

- the page or a dialog scrolling sideways, or an element past the viewport's right edge outside a region meant to
  scroll sideways (a dialog scrolls only up and down; the sheet's box is one only under large text, as WCAG 1.4.10
  allows for a data table: else its table must fit);
- text cut without an ellipsis (an element that hides its overflow, narrower than its text, with neither
  `text-overflow: ellipsis` nor a line clamp, which ends in one);
- a word broken inside (across two lines) although it fits on a line of its box; words are runs of letters between
  spaces and hyphens, so a break at a hyphen is a break between words, except in an address's part (an id, a key),
  which is one word whatever it holds;
- touch targets (buttons, button-like links, fields, the labels of radio buttons and checkboxes) smaller than
  44 x 44 px, overlapping another, or closer than 4 px to one beside, above or below it.

in_view(selector) makes a check that a dialog's answers (its Save, each choice of a question) are all on the screen
without scrolling.
"""

from __future__ import annotations

import json

LAYOUT_PROBLEMS = r"""(scope) => {
  const problems = [];
  const width = document.documentElement.clientWidth;
  const describe = (node) => {
    const text = (node.getAttribute("aria-label") || node.textContent || node.value || "").trim().replace(/\s+/g, " ");
    return `${node.tagName.toLowerCase()}${node.className && typeof node.className === "string" ? "." + node.className.trim().split(/\s+/).join(".") : ""} "${text.slice(0, 30)}"`;
  };
  const shown = (node) => node.checkVisibility({ visibilityProperty: true, opacityProperty: true })
    && !node.closest(".vh, [hidden], template");
  // under text larger than the default (16 px) the sheet may scroll sideways in its box, as any data table
  const large = parseFloat(getComputedStyle(document.documentElement).fontSize) > 16;
  // whether a node is inside a region that scrolls sideways: each element's answer is kept, as its children ask it
  const scrollsHere = new Map();
  const scrolls = (node) => {
    const up = node.parentElement;
    if (!up || up === document.body) return false;
    if (!scrollsHere.has(up)) {
      const overflow = getComputedStyle(up).overflowX;
      scrollsHere.set(up, ((overflow === "auto" || overflow === "scroll") && (large || !up.matches(".table-box"))
        && up.tagName !== "DIALOG") || scrolls(up));
    }
    return scrollsHere.get(up);
  };
  const roots = [...document.querySelectorAll(scope)];
  const nodes = roots.flatMap((root) => [root, ...root.querySelectorAll("*")]).filter(shown);
  const page = document.scrollingElement;
  if (page.scrollWidth > width + 1) problems.push(`the page scrolls sideways: ${page.scrollWidth} > ${width}`);
  for (const dialog of document.querySelectorAll("dialog[open]")) {
    if (dialog.scrollWidth > dialog.clientWidth + 1) problems.push(`a dialog scrolls sideways: ${dialog.scrollWidth} > ${dialog.clientWidth}`);
  }
  for (const box of nodes.filter((node) => node.matches(".table-box") && !large)) {
    if (box.scrollWidth > box.clientWidth + 1) problems.push(`sheet wider than its box: ${box.scrollWidth} > ${box.clientWidth}`);
  }
  for (const node of nodes) {
    const box = node.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    if (box.right > width + 1 && !scrolls(node)) problems.push(`past the right edge (${Math.round(box.right)} > ${width}): ${describe(node)}`);
    const style = getComputedStyle(node);
    if (style.overflowX !== "visible" && style.overflowX !== "auto" && style.overflowX !== "scroll"
        && node.scrollWidth > node.clientWidth + 1 && node.clientWidth > 1 && style.textOverflow !== "ellipsis"
        && style.webkitLineClamp === "none" && node.textContent.trim()
        && !node.matches("input, select, textarea, svg, svg *")) {
      problems.push(`text cut (${node.scrollWidth} > ${node.clientWidth}): ${describe(node)}`);
    }
  }
  // words broken inside although they fit on a line of their box
  const walker = (root) => document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (const root of roots) {
    const texts = walker(root);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      const holder = text.parentElement;
      if (!holder || !shown(holder) || holder.closest("svg")) continue;
      // a text on one line breaks no word: only a text on several lines is looked at word by word
      const whole = document.createRange();
      whole.selectNodeContents(text);
      if (new Set([...whole.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size < 2) continue;
      let block = holder;
      while (block && getComputedStyle(block).display === "inline") block = block.parentElement;  // inline-block and inline-flex have a box of their own
      const room = block.clientWidth - parseFloat(getComputedStyle(block).paddingLeft) - parseFloat(getComputedStyle(block).paddingRight);
      // an address's part (templates/_shared/_url.html) is one word: its "-" and "_" are not places to break, and a part
      // wider than its line breaks anywhere
      const words = holder.closest(".url-part") ? /\S+/g : /[^\s\-\u2010\u2011\u00b7&/]+/g;
      for (const match of text.data.matchAll(words)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        const tops = new Set(rects.map((rect) => Math.round(rect.top)));
        const wide = rects.reduce((sum, rect) => sum + rect.width, 0);
        if (tops.size > 1 && wide < room - 1) problems.push(`"${match[0]}" broken though it fits (${Math.round(wide)} <= ${Math.round(room)}): ${describe(holder)}`);
      }
    }
  }
  // touch targets
  const targets = nodes.filter((node) => node.matches(
    "button, a.button, [role=button], input:not([type=hidden]):not([type=radio]):not([type=checkbox]), select, textarea, "
    + "label:has(> input[type=radio]), label:has(> input[type=checkbox])")).map((node) => [node, node.getBoundingClientRect()])
    .filter(([, box]) => box.width && box.height);
  for (const [node, box] of targets) {
    if (box.width < 43.5 || box.height < 43.5) problems.push(`target ${Math.round(box.width)}x${Math.round(box.height)} < 44: ${describe(node)}`);
  }
  // an action bar that stays in view (sticky or fixed) is drawn over what scrolls beneath it: not an overlap
  const pinned = (node) => {
    for (let up = node; up && up !== document.body && up.tagName !== "DIALOG"; up = up.parentElement) {
      const position = getComputedStyle(up).position;
      if (position === "sticky" || position === "fixed") return true;
    }
    return false;
  };
  const isPinned = targets.map(([node]) => pinned(node));
  for (let one = 0; one < targets.length; one++) {
    for (let two = one + 1; two < targets.length; two++) {
      const [a, p] = targets[one], [b, q] = targets[two];
      if (isPinned[one] !== isPinned[two] || a.contains(b) || b.contains(a)) continue;
      const x = Math.min(p.right, q.right) - Math.max(p.left, q.left), y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (x > 1 && y > 1) problems.push(`targets overlap: ${describe(a)} and ${describe(b)}`);
      // side by side or one above the other, with less than 4 px between them: a thumb meant for one hits both
      else if ((x > 1) !== (y > 1) && -Math.min(x, y) < 3.5) {
        problems.push(`targets touching (${Math.round(-Math.min(x, y))} px apart): ${describe(a)} and ${describe(b)}`);
      }
    }
  }
  return [...new Set(problems)];
}"""


IN_VIEW = r"""(selector) => {
  const problems = [];
  for (const node of document.querySelectorAll(selector)) {
    if (!node.checkVisibility()) continue;
    const box = node.getBoundingClientRect();
    const dialog = node.closest("dialog");
    const label = node.textContent.trim().slice(0, 30);
    if (box.top < 0 || box.bottom > window.innerHeight + 0.5 || (dialog && dialog.scrollTop > 0)) {
      problems.push(`"${label}" at ${Math.round(box.top)}..${Math.round(box.bottom)} of ${window.innerHeight}`);
      continue;
    }
    // and on top: a tap at its ends or its middle reaches it, not what scrolls beneath the bar it sits in
    const middle = (box.top + box.bottom) / 2;
    for (const x of [box.left + 2, (box.left + box.right) / 2, box.right - 2]) {
      const hit = document.elementFromPoint(x, middle);
      if (hit && !node.contains(hit)) {
        problems.push(`"${label}" is covered at x ${Math.round(x)} by ${hit.outerHTML.slice(0, 60)}`);
      }
    }
  }
  return problems;
}"""


def in_view(selector: str) -> str:
    """A check that every shown element matching `selector` (a dialog's answers) is in the viewport without scrolling
    its dialog or the page (the on-screen keyboard closed), and that nothing is drawn over it."""
    return f"() => ({IN_VIEW})({json.dumps(selector)})"


# The hand form's Save.
SAVE_IN_VIEW = in_view('#hand-dialog [data-action="save"]')


# Nothing wider than the screen: the page itself, and every visible control (a radio counts by its label).
OVERFLOW = """() => {
  const width = window.innerWidth;
  const wide = [];
  const page = document.scrollingElement.scrollWidth;
  if (page > width) wide.push(`page ${page} > ${width}`);
  const controls = "a.button, button, input:not([type=hidden]), select, summary, textarea, a.edit";
  for (const node of document.querySelectorAll(controls)) {
    const target = (node.type === "radio" || node.type === "checkbox") ? (node.closest("label") ?? node) : node;
    const box = target.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(target).visibility === "hidden") continue;
    if (box.left >= -0.5 && box.right <= width + 0.5) continue;
    wide.push(`${target.outerHTML.slice(0, 90)} ${box.left}..${box.right}`);
  }
  return wide;
}"""

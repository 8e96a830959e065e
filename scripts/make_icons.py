"""Draw the app's icons (static/icons/*.png) from one SVG, rendered by the system Chromium.

A dev script, run by hand when the design changes; the PNGs are committed, so the app
needs neither this script nor any imaging package. Uses Playwright (a test dependency) to draw,
then Pillow to store each icon with a palette of 64 colours (the design has five, plus their
anti-aliased edges), a third of the size of Chromium's full-colour PNG with no visible change:

    .venv/bin/pip install pillow && .venv/bin/python scripts/make_icons.py
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
GREEN, CREAM, RED, INK = "#1d5a35", "#fffdf7", "#b3261e", "#1d1d1b"


def card(scale: float) -> str:
    """A playing card with a spade and a tally of score marks, centred, `scale` of the 100-unit box."""
    return f"""
<g transform="translate(50 50) scale({scale}) translate(-50 -50)">
  <g transform="rotate(-8 50 50)">
    <rect x="22" y="14" width="56" height="76" rx="7" fill="{CREAM}" stroke="{INK}" stroke-width="1.5"/>
    <path d="M50 26 C 40 38, 30 44, 30 53 C 30 60, 38 64, 46 59 C 45 66, 42 70, 38 73 L 62 73
             C 58 70, 55 66, 54 59 C 62 64, 70 60, 70 53 C 70 44, 60 38, 50 26 Z" fill="{INK}"/>
    <text x="28" y="27" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="10" fill="{RED}">A</text>
    <g stroke="{RED}" stroke-width="2.4" stroke-linecap="round">
      <line x1="34" y1="79" x2="34" y2="86"/><line x1="39" y1="79" x2="39" y2="86"/>
      <line x1="44" y1="79" x2="44" y2="86"/><line x1="49" y1="79" x2="49" y2="86"/>
      <line x1="31" y1="85" x2="52" y2="80"/>
    </g>
  </g>
</g>"""


def svg(kind: str) -> str:
    """The icon: 'any' is a rounded green tile; 'maskable' fills the square, the card inside the safe circle."""
    if kind == "maskable":
        background = f'<rect width="100" height="100" fill="{GREEN}"/>'
        body = card(0.72)
    else:
        background = f'<rect x="2" y="2" width="96" height="96" rx="22" fill="{GREEN}"/>'
        body = card(0.9)
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{background}{body}</svg>'


ICONS = [("icon-192.png", "any", 192), ("icon-512.png", "any", 512), ("maskable-512.png", "maskable", 512),
         ("apple-touch-icon.png", "maskable", 180), ("favicon-32.png", "any", 32)]


def shrink(path: Path, colours: int = 64) -> None:
    """Store the PNG at `path` with a palette of `colours` (transparency kept), optimised."""
    from PIL import Image  # only this script needs it

    with Image.open(path) as image:
        paletted = image.convert("RGBA").quantize(colors=colours, method=Image.Quantize.FASTOCTREE)
    paletted.save(path, "PNG", optimize=True)


def main() -> None:
    """Render every icon."""
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for name, kind, size in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                "<style>html,body{margin:0;background:transparent}svg{display:block;width:100vw;height:100vh}</style>"
                + svg(kind)
            )
            page.screenshot(path=str(OUT / name), omit_background=kind == "any")
            page.close()
            shrink(OUT / name)
            print("wrote", OUT / name)
        browser.close()


if __name__ == "__main__":
    main()

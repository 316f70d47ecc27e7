"""tools/bench/paint_floor.py's skeleton page: the game's table, painted from the page alone."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tools.dev.chromium import served
from tools.bench.paint_floor import build_site

pytestmark = pytest.mark.browser

# Every element of the skeleton, with what a player sees of it.
LAYOUT_JS = """() => [...document.querySelectorAll("body *")].map((element) => {
  const box = element.getBoundingClientRect(), style = getComputedStyle(element);
  return [element.tagName, element.id, element.className, Math.round(box.x), Math.round(box.y),
          Math.round(box.width), Math.round(box.height), style.backgroundImage, style.backgroundColor,
          style.color, style.fontFamily, style.fontSize, style.display];
})"""


@pytest.fixture(scope="module")
def site_url(browser: Any) -> Iterator[str]:
    with tempfile.TemporaryDirectory() as tmp:
        site = build_site(Path(tmp), browser)
        with served(site) as url:
            yield url


@pytest.mark.parametrize("size", [(360, 740), (740, 360), (1280, 800)])
def test_the_skeleton_lays_out_the_table_as_the_style_sheets_do(browser: Any, site_url: str, size: tuple[int, int]) -> None:
    layouts = {}
    for name in ("styled", "skeleton"):
        page = browser.new_page(viewport={"width": size[0], "height": size[1]})
        page.goto(f"{site_url}{name}.html", wait_until="load")
        layouts[name] = page.evaluate(LAYOUT_JS)
        page.close()
    assert len(layouts["skeleton"]) > 40, "the table's seats, cards and loader"
    assert layouts["skeleton"] == layouts["styled"]


@pytest.mark.parametrize("name", ["skeleton", "paragraph"])
def test_the_floor_pages_fetch_nothing_but_themselves(browser: Any, site_url: str, name: str) -> None:
    page = browser.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(f"{site_url}{name}.html", wait_until="load")
    assert page.locator("body").inner_text().strip(), "the page shows text (its first paint is contentful)"
    page.close()
    assert requests == [f"{site_url}{name}.html"]

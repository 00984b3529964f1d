"""The preview gallery in a real browser: headless Chromium opens it from disk, a card's name typed in the search
box leaves exactly that card shown, and the page reloads itself when the gallery is written again.

Selenium drives Debian's `chromium` through Debian's `chromium-driver` rather than Playwright: the browser and
its driver come from the system's packages (.ci/run installs them), nothing is downloaded when the tests run
(Service(executable_path=...) and binary_location keep Selenium Manager from fetching a driver or a browser),
and the client is a small pure-Python package; Playwright wants browser builds of its own, fetched at install.

Screenshots are kept as test artifacts in tests/artifacts/ (git-ignored): preview.png (the gallery as opened)
and preview-search.png (after the search).
"""
import shutil

import pytest
from helpers import FIXTURE_GAME, ROOT, fixture_root

from pnp.build.preview import write_preview

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
ARTIFACTS = ROOT / "tests" / "artifacts"

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')")
pytestmark = pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="no Chromium to drive: install Debian's chromium and "
                                "chromium-driver (apt-get install chromium chromium-driver; .ci/run does when it can)")

from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1400,1000")


@pytest.fixture
def browser(tmp_path, monkeypatch):
    monkeypatch.setenv("SE_OFFLINE", "true")  # and should Selenium Manager run after all, it fetches nothing
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path / 'chromium-profile'}")
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def gallery(tmp_path):
    root = tmp_path / "project"
    for name in ("content", "layouts", "fonts"):
        shutil.copytree(fixture_root() / name, root / name)
    index, report = write_preview(root, FIXTURE_GAME, root / "output")
    assert index is not None, report.to_text()
    return root, index


def _shown(driver) -> list[str]:
    return [card.get_attribute("data-id") for card in driver.find_elements(By.CSS_SELECTOR, "article.card") if card.is_displayed()]


def test_search_shows_exactly_that_card_and_the_page_reloads_when_rewritten(browser, gallery):
    root, index = gallery
    ARTIFACTS.mkdir(exist_ok=True)
    browser.get(index.as_uri())
    assert len(_shown(browser)) == 16 and browser.find_element(By.ID, "rulebook").is_displayed()
    assert all(image.get_property("naturalWidth") > 0 for image in browser.find_elements(By.TAG_NAME, "img")[:8])
    browser.save_screenshot(str(ARTIFACTS / "preview.png"))

    browser.find_element(By.ID, "search").send_keys("Scholar")
    WebDriverWait(browser, 10).until(lambda d: _shown(d) == ["hero-scholar"])
    assert browser.find_element(By.ID, "shown").text == "1 of 16 cards"
    assert not browser.find_element(By.ID, "rulebook").is_displayed()  # sheets and pages step aside while searching
    browser.save_screenshot(str(ARTIFACTS / "preview-search.png"))

    # the gallery written again after an edit (as pnp watch does): the open page reloads, keeping its search
    browser.execute_script("window.notReloadedYet = true;")
    stamp = browser.find_element(By.TAG_NAME, "html").get_attribute("data-stamp")
    heroes = root / "content/pocket-dungeon/decks/heroes.yaml"
    heroes.write_text(heroes.read_text(encoding="utf-8").replace("name: Scholar", "name: Scholar Supreme"), encoding="utf-8")
    write_preview(root, FIXTURE_GAME, root / "output")
    WebDriverWait(browser, 15).until(lambda d: not d.execute_script("return window.notReloadedYet === true;"))
    WebDriverWait(browser, 10).until(lambda d: _shown(d) == ["hero-scholar"])
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("data-stamp") != stamp
    assert browser.find_element(By.ID, "search").get_attribute("value") == "Scholar"
    assert "Scholar Supreme" in browser.find_element(By.ID, "card-hero-scholar").text


def test_a_search_address_that_is_no_escape_leaves_the_search_working(browser, gallery):
    """`index.html#search=%` is no URI escape: decoding it threw before the search box was wired, so typing in it
    filtered nothing. It is taken as written; no script of the address ever runs."""
    _, index = gallery
    browser.get(index.as_uri() + "#search=%")
    box = browser.find_element(By.ID, "search")
    assert box.get_attribute("value") == "%"
    box.clear()
    box.send_keys("Scholar")
    WebDriverWait(browser, 10).until(lambda d: _shown(d) == ["hero-scholar"])
    assert not browser.get_log("browser") or all("URIError" not in entry["message"] for entry in browser.get_log("browser"))

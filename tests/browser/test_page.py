"""The page of `grundy serve`, driven as a person uses it, in headless Chromium.

Starts `grundy serve --port 0` (the binary from $GRUNDY_BIN, by default
target/checked/grundy), reads the URL it prints, and drives Debian's
/usr/bin/chromium through /usr/bin/chromedriver (never a downloaded
driver: selenium-manager is switched off). Each view leaves a screenshot in
target/screenshots/ (or $GRUNDY_SCREENSHOTS). The answers the page shows are
compared with what the same binary prints for the same question.

    target/ci-venv/bin/pytest -q tests/browser
"""

import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest

os.environ.setdefault("SE_OFFLINE", "true")  # selenium-manager never downloads

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("GRUNDY_BIN", ROOT / "target" / "checked" / "grundy"))
SHOTS = Path(os.environ.get("GRUNDY_SCREENSHOTS", ROOT / "target" / "screenshots"))
CHROMIUM = os.environ.get("GRUNDY_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("GRUNDY_CHROMEDRIVER", "/usr/bin/chromedriver")
WAIT = 60  # seconds: a loaded two-core machine answers slowly, never this slowly


def cli_json(*args):
    """What `grundy ARGS --format json` prints, parsed."""
    out = subprocess.run([str(BIN), *args, "--format", "json"], check=True, capture_output=True, text=True,
                         timeout=120)
    return json.loads(out.stdout)


@pytest.fixture(scope="module")
def census_dir():
    with tempfile.TemporaryDirectory(prefix="grundy-census-") as tmp:
        subprocess.run([str(BIN), "-q", "census", "--codes", "0.07 0.4 0.137 0.6", "--to", "2000",
                        "--output", tmp], check=True, capture_output=True, timeout=300)
        yield tmp


@pytest.fixture(scope="module")
def server(census_dir):
    """`grundy serve --port 0 --census DIR`; yields the URL it printed."""
    assert BIN.is_file(), f"{BIN} is missing: build it (cargo build --profile checked -p grundy-cli)"
    proc = subprocess.Popen([str(BIN), "serve", "--port", "0", "--census", census_dir],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    found = []
    printed = []

    def read():
        for line in proc.stdout:
            printed.append(line)
            match = re.search(r"http://[^\s/]+:\d+/?", line)
            if match and not found:
                found.append(match.group(0).rstrip("/"))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    deadline = time.monotonic() + WAIT
    while not found and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    if not found:
        proc.kill()
        pytest.fail("grundy serve printed no URL: " + "".join(printed))
    yield found[0]
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="module")
def browser():
    for path in (CHROMIUM, CHROMEDRIVER):
        assert Path(path).exists(), f"{path} is missing: apt-get install chromium chromium-driver"
    profile = tempfile.mkdtemp(prefix="grundy-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--window-size=1000,700",
                 "--lang=en-US"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    # The page's viewport, whatever the window's frame takes: 1000x700 screenshots.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1000, "height": 700, "deviceScaleFactor": 1, "mobile": False})
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def wait_for(driver, css, timeout=WAIT, fail_on=".error"):
    """The first element matching `css`, once it exists; an API error shown (`fail_on`) fails at once."""
    def ready(d):
        found = d.find_elements(By.CSS_SELECTOR, css)
        if found:
            return found[0]
        errors = d.find_elements(By.CSS_SELECTOR, fail_on)
        if errors and errors[0].text.strip():
            raise AssertionError(f"the page shows an error while waiting for {css}: {errors[0].text}")
        return False
    return WebDriverWait(driver, timeout).until(ready)


def shot(driver, name, at=None):
    """A 1000x700 screenshot of the view, scrolled to the element `at` (a CSS selector) or the top."""
    if at:
        driver.execute_script("document.querySelector(arguments[0]).scrollIntoView()", at)
        driver.execute_script("window.scrollBy(0, -12)")
    else:
        driver.execute_script("window.scrollTo(0, 0)")
    path = SHOTS / f"{name}.png"
    driver.save_screenshot(str(path))
    assert path.stat().st_size > 1000


def test_explore_kayles_shows_the_values_the_cli_prints(server, browser):
    browser.get(server + "/")
    box = wait_for(browser, "#explore-game")
    box.clear()
    box.send_keys("kayles")
    browser.find_element(By.ID, "explore-go").click()
    wait_for(browser, "#values-table")
    assert "#/explore?game=kayles" in browser.current_url
    cells = browser.find_elements(By.CSS_SELECTOR, "#values-table td.value")
    shown = {int(c.get_attribute("data-n")): int(c.text) for c in cells}
    expected = cli_json("values", "kayles", "--to", "99")["values"]
    assert shown == dict(enumerate(expected))
    # Kayles as the literature gives it (Berlekamp, Conway, Guy): G(1..10).
    assert [shown[n] for n in range(1, 11)] == [1, 2, 3, 1, 4, 3, 2, 1, 4, 2]
    # The P-positions are marked, and only they.
    marked = {int(c.get_attribute("data-n")) for c in browser.find_elements(By.CSS_SELECTOR, "#values-table td.p")}
    assert marked == {n for n, v in enumerate(expected) if v == 0}
    period = wait_for(browser, "#period-result")
    want = cli_json("period", "kayles")
    assert f"Period {want['period']}" in period.text and f"n = {want['preperiod']}" in period.text
    assert "proven" in period.text
    wait_for(browser, "#pattern-findings")
    wait_for(browser, "#plot svg")
    shot(browser, "explore")


def test_explore_shows_an_api_error_as_a_message_not_a_blank(server, browser):
    browser.get(server + "/#/explore?game=cram")
    message = WebDriverWait(browser, WAIT).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#values .error") or False)[0]
    assert "no nim-sequence" in message.text and "cram" in message.text


def test_explore_wythoff_is_a_grid_of_pairs(server, browser):
    browser.get(server + "/#/explore?game=wythoff&to=9")
    wait_for(browser, "#values-table.pairs", fail_on="#values .error")
    cells = browser.find_elements(By.CSS_SELECTOR, "#values-table td.value")
    shown = {(int(c.get_attribute("data-a")), int(c.get_attribute("data-b"))): int(c.text) for c in cells}
    expected = cli_json("values", "wythoff", "--to", "9")["values"]
    assert shown == {(a, b): v for a, row in enumerate(expected) for b, v in enumerate(row)}


def test_explain_nim_3_4_5_shows_the_xor_and_a_winning_move(server, browser):
    browser.get(server + "/#/explain")
    box = wait_for(browser, "#explain-game")
    box.send_keys("nim")
    browser.find_element(By.ID, "explain-positions").send_keys("3 4 5")
    browser.find_element(By.ID, "explain-go").click()
    sums = "#bouton .error, #winning .error"
    xor = wait_for(browser, "#bouton-xor", fail_on=sums)
    assert xor.text == "2"
    assert "3 ⊕ 4 ⊕ 5 = 2" in browser.find_element(By.ID, "bouton-line").text
    moves = wait_for(browser, "#winning-result", fail_on=sums)
    assert "3 → 1" in moves.text
    # The derivation of `grundy explain`: each heap's options and mex, then the words.
    derivation = wait_for(browser, "#explain-result")
    assert "G(3) = 3" in derivation.text and "mex = 3" in derivation.text
    assert browser.find_element(By.ID, "explain-lines").get_attribute("textContent").strip()
    shot(browser, "explain")
    # The language switch: the same derivation in Chinese.
    browser.find_element(By.CSS_SELECTOR, "#explain-lang option[value='zh']").click()
    WebDriverWait(browser, WAIT).until(lambda d: "lang=zh" in d.current_url)
    wait_for(browser, "#explain-result")
    assert "异或" in wait_for(browser, "#bouton-table").text


def free_cells(driver):
    return [b for b in driver.find_elements(By.CSS_SELECTOR, "#play-board button.sq.free") if b.is_enabled()]


def test_play_cram_to_the_end_shows_who_won_and_the_value_history(server, browser):
    browser.get(server + "/#/play?game=cram&p=2x3")
    moves_made = 0
    for _ in range(10):
        WebDriverWait(browser, WAIT).until(
            lambda d: d.find_elements(By.ID, "play-end") or "Your move." in d.find_element(By.ID, "play-status").text)
        if browser.find_elements(By.ID, "play-end"):
            break
        if moves_made == 0:
            # 2x3 is an N-position (the CLI's value is not 0): some domino is coloured as winning.
            assert cli_json("analyze", "cram", "2x3")["value"] != 0
            assert browser.find_elements(By.CSS_SELECTOR, "#play-board button.sq.haswin")
            shot(browser, "play")
        # A domino: one free cell, then a cell the page offers beside it.
        free_cells(browser)[0].click()
        target = wait_for(browser, "#play-board button.sq.target")
        target.click()
        moves_made += 1
    end = wait_for(browser, "#play-end")
    assert re.match(r"Game over: (you|the engine) made the last move, so (you win|the engine wins)\.", end.text)
    rows = browser.find_elements(By.CSS_SELECTOR, "#history-table tbody tr")
    # The start, then alternate moves; the last position has no move, value 0.
    assert rows[0].find_elements(By.TAG_NAME, "td")[1].text == "start"
    whos = [r.find_elements(By.TAG_NAME, "td")[1].text for r in rows[1:]]
    assert whos and all(w == ("you" if i % 2 == 0 else "engine") for i, w in enumerate(whos))
    assert whos.count("you") == moves_made
    assert rows[-1].find_elements(By.TAG_NAME, "td")[4].text == "0"
    assert end.get_attribute("data-winner") == whos[-1]
    # The value history starts at the value the CLI gives, and draws one point per position.
    start_value = cli_json("analyze", "cram", "2x3")["value"]
    assert rows[0].find_elements(By.TAG_NAME, "td")[4].text == str(start_value)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#history-chart circle")) == len(rows)
    shot(browser, "play-end", at="#play-board")


def test_your_game_runs_an_example_script_and_shows_its_table(server, browser):
    browser.get(server + "/#/script")
    button = wait_for(browser, "#script-examples button[data-name='subtract-134.lua']")
    button.click()
    wait_for(browser, "#values-table")
    cells = browser.find_elements(By.CSS_SELECTOR, "#values-table td.value")
    shown = [int(c.text) for c in sorted(cells, key=lambda c: int(c.get_attribute("data-n")))]
    # The example is the Lua twin of `sub:1,3,4`.
    assert shown == cli_json("values", "sub:1,3,4", "--to", "30")["values"]
    assert "take 1, 3 or 4" in browser.find_element(By.ID, "script-text").get_attribute("value")
    wait_for(browser, "#pattern-findings")
    shot(browser, "script", at="#script-examples-h")


def test_census_table_sorts_filters_and_opens_a_code(server, browser):
    browser.get(server + "/#/census")
    wait_for(browser, "#census-table")
    rows = browser.find_elements(By.CSS_SELECTOR, "#census-table tbody tr")
    assert len(rows) == 4
    shot(browser, "census")
    filt = browser.find_element(By.ID, "census-filter")
    filt.send_keys("0.13")
    WebDriverWait(browser, WAIT).until(
        lambda d: len(d.find_elements(By.CSS_SELECTOR, "#census-table tbody tr")) == 1)
    browser.find_element(By.CSS_SELECTOR, "#census-table tbody tr").click()
    WebDriverWait(browser, WAIT).until(lambda d: "#/explore?game=0.137" in d.current_url)
    wait_for(browser, "#values-table")


def test_a_shared_link_restores_the_view_and_its_language(server, browser):
    browser.get(server + "/#/explain?game=sub:1,3,4&p=7&lang=zh")
    wait_for(browser, "#explain-result")
    assert browser.find_element(By.ID, "explain-positions").get_attribute("value") == "7"
    assert browser.find_element(By.ID, "explain-lang").get_attribute("value") == "zh"
    assert browser.find_element(By.ID, "explain-game").get_attribute("value") == "sub:1,3,4"
    # The page shows the value the CLI gives, and the outcome in Chinese (7 is a P-position).
    cli = cli_json("analyze", "sub:1,3,4", "7")
    winning = wait_for(browser, "#winning-result")
    assert f"SG 值 {cli['value']}" in winning.text
    assert ("后手必胜" if cli["outcome"] == "P" else "先手必胜") in winning.text

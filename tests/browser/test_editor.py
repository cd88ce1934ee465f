"""« Mettre en place » in Chromium (issue 34): on a game page, a learner sets up a position of
the booklet's examples with the editor's controls, plays on from it, shares it by a short link
(« Copier le lien » puts it in the clipboard) and opens the link; an explorer opens its
situation in the sandbox. The time the clicks take to set the position up is measured and
written to ``test-artefacts/editor-timings/<game>.json`` (a figure for the report, not an
assertion)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, expect

from tutor.games import GAMES

from .conftest import ARTEFACTS
from .pages import (
    READY_TIMEOUT_MS,
    SANDBOX,
    TIES,
    assert_no_voila_error,
    exactly,
    open_part,
    wait_settled,
)

LIMIT = 400


def record(game: str, **figures: object) -> None:
    """Keep this run's figures for ``game`` beside the other artefacts, a file each (the
    editor tests may run in two ``make test`` groups at once)."""
    path = ARTEFACTS / "editor-timings" / f"{game}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(figures, indent=1, ensure_ascii=False))


def table_text(sandbox: Locator) -> str:
    return str(sandbox.locator(".tv-table-view").evaluate(
        "e => e.textContent.replace(/\\s+/g, ' ').trim()"))


def click(page: Page, target: Locator) -> None:
    target.click()
    wait_settled(page)


def play(page: Page, sandbox: Locator, card: str) -> None:
    click(page, sandbox.locator(".tv-action:visible", has_text=exactly(card)).first)


def share(page: Page, sandbox: Locator) -> str:
    """« Lien à partager », then « Copier le lien »: the address the clipboard holds."""
    click(page, sandbox.locator(".tv-scenario-share"))
    url_field = sandbox.locator(".tv-scenario-url input")
    expect(url_field).to_have_value(re.compile(r"\?scenario="), timeout=READY_TIMEOUT_MS)
    url = url_field.input_value()
    sandbox.locator(".tv-copy-link").click()
    expect(sandbox.locator(".tv-copy-said")).to_contain_text("Lien copié",
                                                             timeout=READY_TIMEOUT_MS)
    assert page.evaluate("navigator.clipboard.readText()") == url
    return url


def test_vautours_a_booklet_position_set_up_played_on_shared_and_opened(
        browser: Browser, app_url: str, shots: Path) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.set_default_timeout(READY_TIMEOUT_MS)
    # the sandbox, and an explorer that opens its position there
    assert open_part(page, f"{app_url}/voila/render/{GAMES['vautours'].notebook}",
                     SANDBOX, TIES) == []
    sandbox = page.locator(".tv-sandbox")
    # the booklet's example: Alex and Dario lay a 14, Carla a 12, Léo a 10; +7 at stake
    started = time.monotonic()
    click(page, sandbox.locator(".tv-edit-open"))
    editor = sandbox.locator(".tv-editor")
    expect(editor).to_be_visible()
    click(page, editor.locator(".widget-toggle-button", has_text=exactly("4")))
    for k, name in enumerate(("Alex", "Carla", "Dario", "Léo")):
        field = editor.locator(".tv-edit-name input").nth(k)
        field.fill(name)
        field.press("Tab")
    wait_settled(page)
    click(page, editor.locator(".tv-edit-pile .tv-edit-card", has_text=exactly("+7")))
    click(page, editor.locator(".tv-edit-play"))
    expect(sandbox.locator(".tv-scenario-status")).to_contain_text("Position mise en place")
    set_up = time.monotonic() - started
    editor.screenshot(path=str(shots / "editor-vautours-1280.png"))
    for card in ("14", "12", "14", "10"):
        play(page, sandbox, card)
    expect(sandbox.locator(".tv-table-view")).to_contain_text("Carla remporte la pile")
    expect(sandbox.locator(".tv-error-area .tv-error")).to_have_count(0)
    shown = table_text(sandbox)
    url = share(page, sandbox)
    assert url.startswith(f"{app_url}/voila/render/{GAMES['vautours'].notebook}?scenario=")
    assert len(url) <= LIMIT
    # an explorer's situation opens in the same sandbox
    explorer = page.locator(".tv-tie-explorer")
    click(page, explorer.locator(".tv-open-sandbox"))
    expect(explorer.locator(".tv-opener")).to_contain_text("Ouvert dans le bac à sable")
    expect(sandbox.locator(".tv-scenario-status")).to_contain_text("Position mise en place")
    assert_no_voila_error(page)
    page.close()
    # the link opens the same position, on a phone too
    phone = context.new_page()
    phone.set_viewport_size({"width": 390, "height": 844})
    assert open_part(phone, url, SANDBOX) == []
    sandbox = phone.locator(".tv-sandbox")
    expect(sandbox.locator(".tv-scenario-status")).to_contain_text(
        "Scénario chargé depuis le lien", timeout=READY_TIMEOUT_MS)
    wait_settled(phone)
    assert table_text(sandbox) == shown
    click(phone, sandbox.locator(".tv-edit-open"))
    sandbox.locator(".tv-editor").screenshot(path=str(shots / "editor-vautours-390.png"))
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    phone.close()
    context.close()
    record("vautours", set_up_seconds=round(set_up, 1), clicks=8, link_length=len(url))


def open_editor(browser: Browser, app_url: str, game: str, *explorers: str
                ) -> tuple[Page, Locator, Locator]:
    """``game``'s page with its sandbox and ``explorers`` (the parts whose « Ouvrir dans le
    bac à sable » the test clicks) built, the position editor open."""
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.set_default_timeout(READY_TIMEOUT_MS)
    assert open_part(page, f"{app_url}/voila/render/{GAMES[game].notebook}", SANDBOX,
                     *explorers) == []
    sandbox = page.locator(".tv-sandbox")
    click(page, sandbox.locator(".tv-edit-open"))
    editor = sandbox.locator(".tv-editor")
    expect(editor).to_be_visible()
    return page, sandbox, editor


def type_in(page: Page, field: Locator, value: object) -> None:
    field.fill(str(value))
    field.press("Tab")
    wait_settled(page)


def choose(page: Page, editor: Locator, label: str, value: str) -> None:
    editor.get_by_label(label, exact=True).select_option(value)
    wait_settled(page)


def play_on(page: Page, sandbox: Locator, moves: int) -> None:
    for _ in range(moves):
        click(page, sandbox.locator(".tv-action:visible").first)


def opened_link(page: Page, url: str, shown: str) -> None:
    """The link opens the same table, on a phone."""
    phone = page.context.new_page()
    phone.set_viewport_size({"width": 390, "height": 844})
    assert open_part(phone, url, SANDBOX) == []
    sandbox = phone.locator(".tv-sandbox")
    expect(sandbox.locator(".tv-scenario-status")).to_contain_text(
        "Scénario chargé depuis le lien", timeout=READY_TIMEOUT_MS)
    wait_settled(phone)
    assert table_text(sandbox) == shown
    assert_no_voila_error(phone)
    phone.close()


def test_drahtseilakt_sticks_in_front_and_earlier_scores_set_up_played_shared_opened(
        browser: Browser, app_url: str, shots: Path) -> None:
    page, sandbox, editor = open_editor(browser, app_url, "drahtseilakt", "chain_explorer")
    started = time.monotonic()
    names = editor.locator(".tv-edit-name input")
    for k, name in enumerate(("Alex", "Béa", "Chloé")):
        type_in(page, names.nth(k), name)
    choose(page, editor, "Manche", "3")
    choose(page, editor, "Donneur de cette manche", "Béa")
    for k, scores in enumerate(((4, 0), (2, 5), (0, 3))):
        for j, score in enumerate(scores):
            type_in(page, editor.locator(".tv-edit-series").nth(k).locator("input").nth(j), score)
    type_in(page, editor.locator(".tv-edit-counts").nth(0).locator("input").nth(0), 2)
    type_in(page, editor.locator(".tv-edit-counts").nth(2).locator("input").nth(1), 3)
    for card in ("4", "0 bleu", "7"):
        click(page, editor.locator(".tv-edit-pile .tv-edit-card", has_text=exactly(card)))
    click(page, editor.locator(".tv-edit-play"))
    expect(sandbox.locator(".tv-scenario-status")).to_contain_text("Position mise en place")
    set_up = time.monotonic() - started
    expect(editor.locator(".tv-error")).to_have_count(0)
    table = sandbox.locator(".tv-table-view")
    expect(table).to_contain_text("Manche 3 sur 3 — donneur : Béa")
    expect(table).to_contain_text("Manches : 4 (effacé) · 0")  # the clean manche cancelled it
    expect(table).to_contain_text("Béa — total 7")
    editor.screenshot(path=str(shots / "editor-drahtseilakt-1280.png"))
    play_on(page, sandbox, 3)
    expect(sandbox.locator(".tv-error-area .tv-error")).to_have_count(0)
    shown = table_text(sandbox)
    url = share(page, sandbox)
    assert len(url) <= LIMIT
    explorer = page.locator(".dz-chain-explorer")
    click(page, explorer.locator(".tv-open-sandbox"))
    expect(explorer.locator(".tv-opener")).to_contain_text("Ouvert dans le bac à sable")
    opened_link(page, url, shown)
    page.context.close()
    record("drahtseilakt", set_up_seconds=round(set_up, 1), clicks=18, link_length=len(url))


def test_drahtseilakt_a_five_manche_score_sheet_set_up_without_playing_a_card(
        browser: Browser, app_url: str, shots: Path) -> None:
    """The learners' end-of-game question (issue 62): five manches, Alex keeping 4 sticks, 0,
    7, 2, 0. The manche after the last, « partie finie (feuille de score) », takes every
    manche's score: no card is played; the journal erases the scores by the rule, the table
    shows the end, the short link carries it. The time taken is recorded."""
    page, sandbox, editor = open_editor(browser, app_url, "drahtseilakt")
    started = time.monotonic()
    click(page, editor.locator(".widget-toggle-button", has_text=exactly("5")))
    choose(page, editor, "Manche", "6 : partie finie (feuille de score)")
    sheet = ((4, 0, 7, 2, 0), (3, 3, 3, 3, 3), (1, 2, 0, 5, 1), (6, 1, 1, 1, 1),
             (2, 2, 2, 2, 2))
    for k, scores in enumerate(sheet):
        for j, score in enumerate(scores):
            type_in(page, editor.locator(".tv-edit-series").nth(k).locator("input").nth(j), score)
    click(page, editor.locator(".tv-edit-play"))
    expect(sandbox.locator(".tv-scenario-status")).to_contain_text("Position mise en place")
    set_up = time.monotonic() - started
    expect(editor.locator(".tv-error")).to_have_count(0)
    first = page.locator(".tv-sandbox .tv-edit-name input").first.input_value()
    journal = sandbox.locator(".tv-log")
    expect(journal).to_contain_text("la 1re manche (4 points) est effacé")
    expect(journal).to_contain_text("la 3e manche (7 points) est effacé")
    expect(journal).to_contain_text("drahtseilakt/manche-propre")
    expect(sandbox.locator(".tv-table-view")).to_contain_text(first)
    editor.screenshot(path=str(shots / "editor-drahtseilakt-sheet-1280.png"))
    shown = table_text(sandbox)
    url = share(page, sandbox)
    assert len(url) <= LIMIT
    opened_link(page, url, shown)
    page.context.close()
    record("drahtseilakt-feuille", set_up_seconds=round(set_up, 1), clicks=27,
           link_length=len(url))


def test_vaiko_running_totals_set_up_played_shared_opened(
        browser: Browser, app_url: str, shots: Path) -> None:
    page, sandbox, editor = open_editor(browser, app_url, "vaiko", "match_explorer",
                                        "call_calculator")
    started = time.monotonic()
    click(page, editor.locator(".widget-toggle-button", has_text=exactly("3")))
    names = editor.locator(".tv-edit-name input")
    for k, name in enumerate(("Alex", "Chloé", "Léo")):
        type_in(page, names.nth(k), name)
    choose(page, editor, "Manche", "4")
    for k, total in enumerate((45, 62, -6)):
        type_in(page, editor.locator(".tv-edit-counts").nth(k).locator("input"), total)
    click(page, editor.locator(".tv-edit-play"))
    expect(sandbox.locator(".tv-scenario-status")).to_contain_text("Position mise en place")
    set_up = time.monotonic() - started
    table = sandbox.locator(".tv-table-view")
    expect(table).to_contain_text("Manche 4")
    expect(table).to_contain_text("total 62")
    editor.screenshot(path=str(shots / "editor-vaiko-1280.png"))
    play_on(page, sandbox, 4)
    expect(sandbox.locator(".tv-error-area .tv-error")).to_have_count(0)
    shown = table_text(sandbox)
    url = share(page, sandbox)
    assert len(url) <= LIMIT
    for explorer, says in ((".tv-match-explorer", "Alex"), (".tv-call", "Alex")):
        box = page.locator(explorer)
        click(page, box.locator(".tv-open-sandbox"))
        expect(box.locator(".tv-opener")).to_contain_text("Ouvert dans le bac à sable")
        expect(sandbox.locator(".tv-table-view")).to_contain_text(says)
    expect(sandbox.locator(".tv-error-area .tv-error")).to_have_count(0)
    opened_link(page, url, shown)
    page.context.close()
    record("vaiko", set_up_seconds=round(set_up, 1), clicks=9, link_length=len(url))


def test_vampir_exposed_hunts_set_up_played_shared_opened(
        browser: Browser, app_url: str, shots: Path) -> None:
    page, sandbox, editor = open_editor(browser, app_url, "vampir", "hunt_builder")
    started = time.monotonic()
    names = editor.locator(".tv-edit-name input")
    for k, name in enumerate(("Anke", "Bernd", "Chloé")):
        type_in(page, names.nth(k), name)
    choose(page, editor, "Premier joueur", "Bernd")
    anke, chloe = editor.locator(".tv-edit-counts").nth(0), editor.locator(".tv-edit-counts").nth(2)
    type_in(page, anke.get_by_label("♜ Château"), 5)
    type_in(page, anke.get_by_label("♨ Taverne"), 3)
    type_in(page, chloe.get_by_label("✝ Église"), 4)
    deck, castle = editor.locator(".tv-edit-pile").nth(0), editor.locator(".tv-edit-pile").nth(1)
    for card in ("♜ Château ●●", "★ Joker"):  # the top of the deck
        click(page, deck.locator(".tv-edit-card", has_text=exactly(card)))
    click(page, castle.locator(".tv-edit-card", has_text=exactly("♜ Château ●●")))
    click(page, editor.locator(".tv-edit-play"))
    expect(sandbox.locator(".tv-scenario-status")).to_contain_text("Position mise en place")
    set_up = time.monotonic() - started
    expect(editor.locator(".tv-error")).to_have_count(0)
    expect(sandbox.locator(".tv-table-view")).to_contain_text("au tour de Bernd")
    editor.screenshot(path=str(shots / "editor-vampir-1280.png"))
    play_on(page, sandbox, 2)
    expect(sandbox.locator(".tv-error-area .tv-error")).to_have_count(0)
    shown = table_text(sandbox)
    url = share(page, sandbox)
    assert len(url) <= LIMIT
    builder = page.locator(".vp-hunt-builder")
    click(page, builder.locator(".tv-open-sandbox"))
    expect(builder.locator(".tv-opener")).to_contain_text("Ouvert dans le bac à sable")
    opened_link(page, url, shown)
    page.context.close()
    record("vampir", set_up_seconds=round(set_up, 1), clicks=11, link_length=len(url))


def test_vautours_cards_played_set_up_then_explorers_with_their_own_names(
        browser: Browser, app_url: str, shots: Path) -> None:
    """The hands through the cards each player has played (the tutor finds the manches), and
    an explorer with names typed by the learner opened in the sandbox."""
    page, sandbox, editor = open_editor(browser, app_url, "vautours", TIES)
    started = time.monotonic()
    click(page, editor.locator(".widget-toggle-button", has_text=exactly("3")))
    names = editor.locator(".tv-edit-name input")
    for k, name in enumerate(("Zoé", "Béa", "Chloé")):
        type_in(page, names.nth(k), name)
    fronts = editor.locator(".tv-edit-front")
    seats = fronts.count() // 2  # the winnings of every seat, then the cards played
    for k, card in ((0, "+10"), (1, "\u22125")):
        click(page, fronts.nth(k).locator(".tv-edit-card", has_text=exactly(card)))
    for k, cards in enumerate((("15", "3"), ("1", "14"), ("2", "13"))):
        for card in cards:
            click(page, fronts.nth(seats + k).locator(".tv-edit-card", has_text=exactly(card)))
    click(page, editor.locator(".tv-edit-pile .tv-edit-card", has_text=exactly("+7")))
    click(page, editor.locator(".tv-edit-play"))
    expect(sandbox.locator(".tv-scenario-status")).to_contain_text("Position mise en place")
    set_up = time.monotonic() - started
    expect(editor.locator(".tv-error")).to_have_count(0)
    editor.screenshot(path=str(shots / "editor-vautours-mains-1280.png"))
    hand = [b.inner_text().strip() for b in sandbox.locator(".tv-action:visible").all()]
    assert "15" not in hand and "3" not in hand and "14" in hand, hand
    for card in ("12", "4", "5"):
        play(page, sandbox, card)
    expect(sandbox.locator(".tv-table-view")).to_contain_text("Zoé remporte la pile")
    expect(sandbox.locator(".tv-error-area .tv-error")).to_have_count(0)
    shown = table_text(sandbox)
    url = share(page, sandbox)
    assert len(url) <= LIMIT
    explorer = page.locator(".tv-tie-explorer")
    type_in(page, explorer.locator(".tv-explorer-name input").nth(0), "Ana")
    click(page, explorer.locator(".tv-open-sandbox"))
    expect(explorer.locator(".tv-opener")).to_contain_text("Ouvert dans le bac à sable")
    expect(sandbox.locator(".tv-table-view")).to_contain_text("Ana")
    compare = page.locator(".tv-tiebreak-result").locator("xpath=..")
    click(page, compare.locator(".widget-toggle-button", has_text=exactly("2")))
    expect(compare.locator(".tv-tiebreak-result")).to_contain_text("Carla")
    expect(compare.locator(".tv-tiebreak-result")).not_to_contain_text("Dario")
    opened_link(page, url, shown)
    page.context.close()
    record("vautours-mains", set_up_seconds=round(set_up, 1), clicks=14, link_length=len(url))

"""Accessibility in Chromium, on the served app: the Accueil says it is French and axe-core finds
no violation on it, with and without a question's results; the page says in French that it is
loading or waiting for a widget; a refusal is brought into view on a phone; the focus stays on a
control that turns itself off. Each game page's own check (French, axe on arrival and after a
whole game played with the keyboard, the « Étape » slider, no meaning told by colour alone)
rides on that game in ``test_keyboard.py``, at 1280 px."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tutor.games import GAMES

from .a11y import assert_accessible, colour_only, tab_to
from .pages import PLAY, READY_TIMEOUT_MS, SANDBOX, open_page, open_part, wait_settled

#: a game page, for checks that need one
GAME_PAGE = "stupides-vautours.ipynb"


def opened(browser: Browser, app_url: str, notebook: str, *parts: str) -> Page:
    """``notebook``'s page as it arrives, with its ``parts`` built (pages.open_part)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(READY_TIMEOUT_MS)
    assert open_part(page, f"{app_url}/voila/render/{notebook}", *parts) == []
    return page


def test_the_accueil_is_french_and_accessible(browser: Browser, app_url: str) -> None:
    page = opened(browser, app_url, "index.ipynb")
    assert page.evaluate("document.documentElement.lang") == "fr"
    expect(page.get_by_role("main")).to_have_count(1)
    assert_accessible(page, "Accueil prête")
    page.close()


SPINNER = """() => {
    // the spinner's text while the page loads (gone once it is shown): what each call says
    const text = document.createElement("h2");
    text.id = "loading_text";
    document.body.appendChild(text);
    const said = [];
    window.voila_process(3, 9);
    said.push(text.textContent);
    window.update_loading_text(3, 9, null);
    said.push(text.textContent);
    window.update_loading_text(0, 0, "Connecting...");
    said.push(text.textContent);
    text.remove();
    return said;
}"""


def test_a_page_loading_says_so_in_french(browser: Browser, app_url: str) -> None:
    """Voilà's spinner says « Running ... » and « Executing 3 of 9 »: the page says it in
    French from the start (its script right after the spinner, before the first cell), and so
    do its later calls, whatever English text they are given."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(READY_TIMEOUT_MS)
    with page.expect_response(lambda r: r.url.endswith(f"/voila/render/{GAME_PAGE}")) as sent:
        assert open_page(page, f"{app_url}/voila/render/{GAME_PAGE}", whole=False) == []
    html = sent.value.text()  # the page as the server sent it
    spinner = html.index('id="loading_text"')
    assert html.index("Chargement de la page", spinner) < html.index('class="jp-Cell', spinner)
    assert page.evaluate(SPINNER) == ["Chargement de la page…",
                                      "Préparation de la page… (3 sur 9)",
                                      "Chargement de la page…"]
    page.close()


WAITING = """() => {
    // what Voilà's renderer leaves in a widget output until the widget's model arrives
    const out = document.createElement("div");
    out.className = "lm-Widget lm-Panel jp-OutputArea-output";
    out.textContent = "Loading widget...";
    document.getElementById("rendered_cells").appendChild(out);
    const shown = getComputedStyle(out, "::before");
    const result = [getComputedStyle(out).visibility, shown.visibility, shown.content];
    out.remove();
    return result;
}"""


def test_a_widget_waiting_for_its_model_says_so_in_french(browser: Browser, app_url: str
                                                          ) -> None:
    """Until the kernel's widget models arrive, an output shows « Chargement… », not Voilà's
    English text (hidden from screen readers too); the page's style sheet is not among those
    waiting outputs: it is in the page with the first cell's output."""
    page = opened(browser, app_url, GAME_PAGE)
    assert page.evaluate(WAITING) == ["hidden", "visible", '"Chargement…"']
    sheets = page.locator("#rendered_cells .jp-OutputArea-output:not(.jupyter-widgets) style")
    assert sheets.count() >= 1, "the style sheet is an HTML output"
    page.close()


def test_a_refusal_after_a_click_is_brought_into_view_on_a_phone(
        browser: Browser, app_url: str) -> None:
    """On a phone, the game's error area is a screen below its settings: a refusal of
    « Nouvelle partie » (no first name) is scrolled into sight, not said out of view."""
    page = browser.new_page(viewport={"width": 390, "height": 800})
    page.set_default_timeout(READY_TIMEOUT_MS)
    assert open_part(page, f"{app_url}/voila/render/{GAME_PAGE}", PLAY) == []
    game = page.locator(".tv-game").first
    name = game.get_by_label("Votre prénom")
    name.scroll_into_view_if_needed()
    name.fill("")
    start = game.get_by_role("button", name="Nouvelle partie")
    start.scroll_into_view_if_needed()
    error = game.locator(".tv-error-area .tv-error")
    # where the refusal is said lies out of sight of the button the learner pressed
    assert (game.locator(".tv-error-area").bounding_box() or {"y": 0})["y"] > 800
    start.click()
    wait_settled(page)
    expect(error).to_contain_text("prénom")
    expect(error).to_be_in_viewport()
    page.close()


def test_the_accueil_question_box_with_results_is_accessible(
        browser: Browser, app_url: str) -> None:
    """« Une question ? » with its results shown: labelled, its status line a live region,
    the matching words marked, every result's links reached with Tab; axe finds nothing."""
    page = opened(browser, app_url, "index.ipynb")
    box = page.get_by_label("Une question sur la règle ?")
    box.press_sequentially("qui distribue a la manche suivante")
    results = page.locator("ol.tv-question-results li")
    expect(results.first).to_be_visible()
    wait_settled(page)
    status = page.locator(".tv-question-status[role='status'][aria-live='polite']")
    expect(status).to_contain_text("résultat")
    expect(results.first.locator("mark").first).to_be_visible()
    links = page.locator(".tv-question-links a")
    assert links.count() >= results.count()
    tab_to(page, ".tv-question-links", "Voir dans la page")
    assert_accessible(page, "Accueil, résultats d’une question affichés")
    page.close()


def test_a_control_that_turns_itself_off_keeps_the_keyboard_focus(
        browser: Browser, app_url: str) -> None:
    """« Conseil » is off while it computes: the focus comes back to it; a card picked in
    « Mettre en place » stays off: the focus goes to the next control, not to the page. And
    a move in the sandbox is said in its live region."""
    page = opened(browser, app_url, GAMES["vautours"].notebook, SANDBOX, "exercises")
    sandbox = page.locator(".tv-sandbox")
    conseil = sandbox.locator(".tv-hint-button")
    conseil.focus()
    page.keyboard.press("Enter")
    wait_settled(page)
    expect(sandbox.locator(".tv-hints")).not_to_have_text("")
    expect(conseil).to_be_focused()
    card = sandbox.locator(".tv-action:visible").first
    card.focus()
    page.keyboard.press("Enter")
    wait_settled(page)
    said = sandbox.locator(".tv-live.tv-sr-only")
    expect(said).to_have_attribute("aria-live", "polite")
    expect(said).to_contain_text("de jouer")
    toggle = sandbox.locator(".tv-edit-open")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    wait_settled(page)
    expect(toggle).to_have_attribute("aria-expanded", "true")
    # each group of cards is named by its title (« Pioche (du dessus vers le dessous) »…)
    pile = sandbox.locator(".tv-editor .tv-edit-pile").first
    expect(pile).to_have_attribute("role", "group")
    expect(pile).to_have_attribute("aria-label", pile.locator(".tv-edit-title").inner_text())
    pick = pile.locator(".tv-edit-card").first
    pick.focus()
    page.keyboard.press("Enter")
    wait_settled(page)
    expect(pick).to_be_disabled()
    expect(page.locator("body")).not_to_be_focused()
    assert page.evaluate("""() => { const a = document.activeElement;
        return a !== document.body && !a.disabled && a.classList.contains('tv-edit-card'); }""")
    # a text field shows its focus as a button does (ipywidgets removes its outline)
    field = sandbox.locator(".tv-editor .tv-edit-name input").first
    field.focus()
    assert field.evaluate("e => getComputedStyle(e).outlineStyle + ' ' + "
                          "getComputedStyle(e).outlineWidth") == "solid 3px"
    # « Question suivante »: the focus goes to the new question's first answer, on screen,
    # and the question is said
    quiz = page.locator(".tv-exercises").first
    quiz.scroll_into_view_if_needed()
    quiz.locator(".tv-choice").first.click()
    wait_settled(page)
    quiz.locator(".tv-next-question").focus()
    page.keyboard.press("Enter")
    wait_settled(page)
    first = quiz.locator(".tv-choice").first
    expect(first).to_be_focused()
    expect(first).to_be_in_viewport()
    expect(quiz.locator(".tv-live").first).to_have_attribute("aria-live", "polite")
    page.close()


def test_the_colour_check_sees_a_meaning_told_by_colour_alone() -> None:
    # two location cards with the same symbol, and a card with no mark at all
    marks = {"Vampir": {"vp-castle": ["♜●#Château"], "vp-pub": ["♜●#Château", ""]}}
    assert colour_only(marks) == ["Vampir: un élément .vp-pub sans aucune marque",
                                  "Vampir: « ♜●#Château » sur .vp-castle et sur .vp-pub"]
    assert colour_only({"Vampir": {"vp-castle": ["♜●#Château"], "vp-pub": ["♨●#Taverne"]}}) == []

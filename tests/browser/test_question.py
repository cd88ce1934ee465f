"""« Une question sur la règle ? » in Chromium: a question typed at 390 px on the Vaiko page
lists the Vampir clause that answers it, and its link opens the Vampir page on that clause;
on a game's own page, « Voir l'exemple pas à pas » goes to the example, and « Voir dans la
page » opens what hides the clause (a closed <details> around it, or a part built on
demand that says it holds it); a card shows the rule's sentence that answers, words marked, and
« Essayer sur la table » opens the sandbox on the scenario's position (issue 56)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, expect

from .pages import READY_TIMEOUT_MS, open_page, wait_ready, wait_settled


def ask(page: Page, url: str, question: str, title: str) -> Locator:
    """Open ``url`` (as it arrives: the parts built when reached left unbuilt, a result's link
    builds what it leads to), type ``question`` in the box as a learner types, and return the
    first result once it names ``title``."""
    assert open_page(page, url, whole=False) == []
    page.get_by_label("Une question sur la règle").press_sequentially(question)
    first = page.locator("ol.tv-question-results li").first
    expect(first).to_contain_text(title, timeout=READY_TIMEOUT_MS)
    return first


def test_question_jumps_to_the_clause(browser: Browser, app_url: str, shots: Path) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        first = ask(page, f"{app_url}/voila/render/vaiko.ipynb",
                    "vampir le joker vaut combien de tetes", "Les jokers Somewhere")
        expect(first).to_contain_text("Ce que la règle ne dit pas")
        wait_settled(page)
        page.screenshot(path=str(shots / "question-390.png"))
        first.get_by_role("link", name="Voir dans la page").click()
        page.wait_for_url("**/vampir.ipynb#regle-vampir-jokers", timeout=READY_TIMEOUT_MS)
        wait_ready(page, whole=False)  # where the link leads, not scrolled further
        target = page.locator("#regle-vampir-jokers")
        expect(target).to_be_in_viewport()
        expect(target).to_be_focused()  # a screen reader reads on from the clause
        page.screenshot(path=str(shots / "question-390-arrived.png"))
    finally:
        page.close()


def test_example_link_and_a_clause_inside_closed_details(
        browser: Browser, app_url: str, shots: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        first = ask(page, f"{app_url}/voila/render/vampir.ipynb",
                    "je garde les deux cartes tirees ?", "Piocher deux cartes")
        wait_settled(page)
        page.screenshot(path=str(shots / "question-1280.png"))
        example = first.get_by_role("link", name="Voir l’exemple pas à pas")
        anchor = str(example.get_attribute("href"))
        assert anchor.startswith("#exemple-vampir-")
        example.click()
        expect(page.locator(anchor)).to_be_in_viewport()
        page.screenshot(path=str(shots / "question-1280-example.png"))
        # a part of the page folded away (as a phone's folded section would be): the link
        # opens it on the way to the clause
        page.evaluate("""() => {
            const clause = document.getElementById('regle-vampir-piocher');
            const fold = document.createElement('details');
            clause.replaceWith(fold);
            fold.appendChild(clause);
        }""")
        expect(page.locator("details:has(#regle-vampir-piocher)")).not_to_have_attribute(
            "open", "")
        page.get_by_label("Une question sur la règle").evaluate("e => e.scrollIntoView()")
        first.get_by_role("link", name="Voir dans la page").click()
        expect(page.locator("details:has(#regle-vampir-piocher)")).to_have_attribute("open", "")
        expect(page.locator("#regle-vampir-piocher")).to_be_in_viewport()
        # a part built on demand (not on the page yet): the element that holds the target is
        # asked to build it, and the page goes there once it is drawn
        page.evaluate("""() => {
            const holder = document.createElement('div');
            holder.setAttribute('data-tutor-holds', 'regle-plus-tard');
            holder.addEventListener('tutor-reveal', (e) => setTimeout(() => {
                const built = document.createElement('div');
                built.id = e.detail.id;
                built.textContent = 'Construit à la demande';
                holder.appendChild(built);
            }, 50));
            const link = document.createElement('a');
            link.href = '#regle-plus-tard';
            link.textContent = 'Aller plus tard';
            document.querySelector('.tv-question-box').appendChild(link);
            document.getElementById('rendered_cells').appendChild(holder);
        }""")
        page.get_by_role("link", name="Aller plus tard").click()
        expect(page.locator("#regle-plus-tard")).to_be_in_viewport()
        expect(page.locator("#regle-plus-tard")).to_be_focused()
    finally:
        page.close()


def test_the_card_answers_and_opens_the_position_on_the_table(
        browser: Browser, app_url: str, shots: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        first = ask(page, f"{app_url}/voila/render/stupides-vautours.ipynb",
                    "+3 et -3 sur la pile ca vaut zero", "La valeur d’une pile")
        answer = first.locator(".tv-question-answer")
        expect(answer).to_contain_text("zéro ou plus")
        expect(answer.locator("mark").first).to_be_visible()
        wait_settled(page)
        page.screenshot(path=str(shots / "question-answer-1280.png"))
        first.get_by_role("link", name="Essayer sur la table").click()
        page.wait_for_url("**/stupides-vautours.ipynb?scenario=*", timeout=READY_TIMEOUT_MS)
        sandbox = page.locator(".tv-sandbox")
        expect(sandbox.locator(".tv-scenario-status")).to_contain_text(
            "Scénario chargé depuis le lien", timeout=READY_TIMEOUT_MS)
        wait_settled(page)
        page.screenshot(path=str(shots / "question-try-on-table.png"))
    finally:
        page.close()

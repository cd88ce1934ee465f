"""A widget the front end cannot draw never reaches a learner as ipywidgets' English « Click to
show javascript error. »: the page says in French that this part could not be shown, and
« Réessayer » fetches what is missing from the kernel and draws it.

The case made here is the one seen on a phone (Drahtseilakt, « Mettre en place » opened right
after a « Conseil »: « Model class 'VBoxModel' … is loaded but can not be instantiated »): the
editor's box reached the page while one of its children never did. The test loses that child's
message on the page's kernel websocket, as a busy network or a dropped connection would."""

from __future__ import annotations

import struct
from pathlib import Path

from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from tutor.games import GAMES

from .pages import READY_TIMEOUT_MS, SANDBOX, open_part, wait_settled
from .pages import jupyter_message as message

#: the editor's child whose message is lost on the way
LOST = "Jouer à partir d’ici"


def lost(data: str | bytes, kind: str) -> bool:
    """Whether ``data`` is the lost child's message of ``kind``: its opening (``comm_open``)
    or its whole state sent on request (``update``)."""
    try:
        msg = message(data)
    except (ValueError, struct.error, IndexError, UnicodeDecodeError):
        return False
    content = msg.get("content", {}).get("data", {})
    state = content.get("state", {}) if isinstance(content, dict) else {}
    if not isinstance(state, dict) or state.get("description") != LOST:
        return False
    msg_type = msg.get("header", {}).get("msg_type")
    return bool(msg_type == kind if kind == "comm_open" else (
        msg_type == "comm_msg" and content.get("method") == kind))


#: set on every frame whether ipywidgets' English error drawing is on the page (before the
#: screen is painted: what a learner would see)
SEEN = """window.__tutorEnglish = 0;
(function look() {
  if (document.querySelector('.jupyter-widgets-error-widget')) { window.__tutorEnglish += 1; }
  requestAnimationFrame(look);
})();"""


def editor_with_a_lost_child(browser: Browser, app_url: str, kinds: tuple[str, ...]
                             ) -> tuple[Page, list[str]]:
    """A phone's Drahtseilakt page whose « Mettre en place » opens after a « Conseil », the
    messages of ``kinds`` for the editor's « Jouer à partir d’ici » lost on the websocket
    (each once); the page and the kinds lost."""
    page = browser.new_page(viewport={"width": 390, "height": 800})
    page.set_default_timeout(READY_TIMEOUT_MS)
    page.add_init_script(SEEN)
    dropped: list[str] = []

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        ws.on_message(server.send)

        def down(data: str | bytes) -> None:
            for kind in kinds:
                if kind not in dropped and lost(data, kind):
                    dropped.append(kind)
                    return
            ws.send(data)
        server.on_message(down)

    page.route_web_socket("**/channels**", route)
    assert open_part(page, f"{app_url}/voila/render/{GAMES['drahtseilakt'].notebook}",
                     SANDBOX) == []
    sandbox = page.locator(".tv-sandbox")
    sandbox.locator(".tv-hint-button").click()
    sandbox.locator(".tv-edit-open").click()
    wait_settled(page)
    return page, dropped


def test_a_box_whose_child_was_lost_is_mended_from_the_kernel(
        browser: Browser, app_url: str) -> None:
    """The editor's box arrives without one of its children: the page fetches what it lacks
    from the kernel at once and draws the editor; no English error is ever on screen."""
    page, dropped = editor_with_a_lost_child(browser, app_url, ("comm_open",))
    expect(page.locator("body[data-tutor-retrying]")).to_have_count(0, timeout=READY_TIMEOUT_MS)
    play = page.locator(".tv-sandbox .tv-editor .tv-edit-play")
    expect(play).to_be_visible()
    expect(play).to_have_text(LOST)
    assert dropped == ["comm_open"]
    expect(page.locator(".tv-widget-failed")).to_have_count(0)
    assert page.evaluate("window.__tutorEnglish") == 0
    page.close()


def test_a_widget_still_missing_is_said_in_french_and_drawn_on_retry(
        browser: Browser, app_url: str, shots: Path) -> None:
    """The kernel's first answer lost too: the part says in French that it could not be
    shown, and « Réessayer » draws it."""
    page, dropped = editor_with_a_lost_child(browser, app_url, ("comm_open", "update"))
    failed = page.locator(".tv-sandbox .tv-widget-failed[role='alert']")
    expect(failed).to_contain_text("n’a toujours pas pu s’afficher", timeout=READY_TIMEOUT_MS)
    expect(page.locator("body[data-tutor-retrying]")).to_have_count(0)
    assert dropped == ["comm_open", "update"]
    assert page.evaluate("window.__tutorEnglish") == 0
    failed.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "widget-failed-390.png"))
    failed.get_by_role("button", name="Réessayer").click()
    expect(page.locator("body[data-tutor-retrying]")).to_have_count(0, timeout=READY_TIMEOUT_MS)
    expect(failed).to_have_count(0)
    play = page.locator(".tv-sandbox .tv-editor .tv-edit-play")
    expect(play).to_be_visible()
    expect(play).to_have_text(LOST)
    page.close()

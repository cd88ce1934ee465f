"""A widget the front end cannot draw never reaches a learner as ipywidgets' English « Click to
show javascript error. »: the page says in French that this part could not be shown, and
« Réessayer » fetches what is missing from the kernel and draws it.

The case made here is the one seen on a phone (Drahtseilakt, « Mettre en place » opened right
after a « Conseil »: « Model class 'VBoxModel' … is loaded but can not be instantiated »): the
editor's box reached the page while one of its children never did. The test loses that child's
message on the page's kernel websocket, as a busy network or a dropped connection would."""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, WebSocketRoute, expect

from tutor.games import GAMES

from .pages import READY_TIMEOUT_MS, open_page, reach, wait_settled

#: the editor's child whose message is lost on the way
LOST = "Jouer à partir d’ici"


def message(data: str | bytes) -> dict[str, Any]:
    """A Jupyter message from the kernel websocket: JSON, or the v1 binary framing (a count,
    the parts' offsets, then channel, header, parent header, metadata and content)."""
    if isinstance(data, str):
        msg: dict[str, Any] = json.loads(data)
        return msg
    count = struct.unpack_from("<Q", data, 0)[0]
    offsets = struct.unpack_from(f"<{count}Q", data, 8)
    parts = [data[offsets[k]:offsets[k + 1]] for k in range(min(5, count - 1))]
    return {"channel": parts[0].decode(), "header": json.loads(parts[1]),
            "content": json.loads(parts[4])}


def lost(data: str | bytes) -> bool:
    try:
        msg = message(data)
    except (ValueError, struct.error, IndexError, UnicodeDecodeError):
        return False
    state = msg.get("content", {}).get("data", {}).get("state", {})
    return (msg.get("header", {}).get("msg_type") == "comm_open"
            and isinstance(state, dict) and state.get("description") == LOST)


def test_a_widget_the_page_cannot_draw_is_said_in_french_and_drawn_on_retry(
        browser: Browser, app_url: str, shots: Path) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 800})
    page.set_default_timeout(READY_TIMEOUT_MS)
    dropped: list[bool] = []

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        ws.on_message(server.send)

        def down(data: str | bytes) -> None:
            if not dropped and lost(data):
                dropped.append(True)  # once: « Réessayer » asks again and gets it
                return
            ws.send(data)
        server.on_message(down)

    page.route_web_socket("**/channels**", route)
    assert open_page(page, f"{app_url}/voila/render/{GAMES['drahtseilakt'].notebook}",
                     whole=False) == []
    reach(page, page.locator("[data-tutor-later='sandbox']"))
    sandbox = page.locator(".tv-sandbox")
    sandbox.locator(".tv-hint-button").click()  # « Conseil », then « Mettre en place »
    sandbox.locator(".tv-edit-open").click()
    wait_settled(page)
    failed = sandbox.locator(".tv-widget-failed[role='alert']")
    expect(failed).to_contain_text("Cette partie de la page n’a pas pu s’afficher.")
    assert dropped == [True]
    expect(page.get_by_text("Click to show javascript error")).to_have_count(0)
    expect(page.locator(".jupyter-widgets-error-widget")).to_have_count(0)
    failed.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "widget-failed-390.png"))
    failed.get_by_role("button", name="Réessayer").click()
    expect(page.locator("body[data-tutor-retrying]")).to_have_count(0, timeout=READY_TIMEOUT_MS)
    expect(failed).to_have_count(0)
    play = sandbox.locator(".tv-editor .tv-edit-play")
    expect(play).to_be_visible()
    expect(play).to_have_text(LOST)
    page.close()

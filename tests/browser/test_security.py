"""The served app against hostile clients: no code execution, no files, untrusted widget input."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .front import Front
from .kernel import KernelChannel, first_visit, kernel_id
from .pages import PLAY, TIEBREAK, TIES, open_part, play_nth

GAME = "stupides-vautours.ipynb"


def fetch(url: str) -> tuple[int, str, str]:
    """Status, body and final address (after redirects) of a GET."""
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, r.read().decode(errors="replace"), r.geturl()
    except urllib.error.HTTPError as e:
        return e.code, "", url


def test_code_requests_over_the_kernel_websocket_run_nothing(app_url: str, tmp_path: Path) -> None:
    html, cookie = first_visit(f"{app_url}/voila/render/{GAME}")
    channel = KernelChannel(app_url, kernel_id(html), cookie)
    marker = tmp_path / "intrusion"
    code = f"open({str(marker)!r}, 'w').write('x')"
    try:
        sent = {
            channel.send("execute_request", {"code": code, "silent": False,
                                             "store_history": False, "user_expressions": {},
                                             "allow_stdin": False, "stop_on_error": True}),
            channel.send("complete_request", {"code": code, "cursor_pos": 5}),
            channel.send("inspect_request", {"code": code, "cursor_pos": 5,
                                             "detail_level": 1}),
        }
        # the kernel handles shell messages in order: once it has answered this one, it would
        # have answered the three above had they reached it
        info = channel.send("kernel_info_request", {})
        replies = channel.reply_to(info, reply=True)
    finally:
        channel.close()
    answered = {m["parent_header"].get("msg_id") for m in replies}
    assert info in answered, "the channel works: kernel_info is answered"
    assert not sent & answered
    assert not marker.exists()


@pytest.mark.parametrize("path", [
    "/voila/files/index.ipynb", f"/voila/files/{GAME}", "/voila/files/%2e%2e/pyproject.toml",
    "/voila/files/../tutor/app.py", "/pyproject.toml", "/tutor/app.py", "/api/contents",
    "/voila/api/contents", "/voila/api/contents/index.ipynb", "/voila/tree/../pyproject.toml",
    "/voila/render/%2e%2e/pyproject.toml", "/voila/render/%2e%2e/tutor/app.py",
    "/voila/static/..%2f..%2fpyproject.toml", "/api/kernels",
])
def test_sources_and_project_files_are_not_served(shared_front: Front, path: str) -> None:
    status, body, final = fetch(shared_front.url + path)  # directly and through nginx
    assert status in (403, 404) or final.endswith("/voila/render/index.ipynb"), (status, final)
    for secret in ("[project]", '"cell_type"', "def make_app", "nbval-check-output"):
        assert secret not in body


def test_the_app_listens_on_loopback_only(app_url: str) -> None:
    port = int(app_url.rsplit(":", 1)[1])
    listening = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, hex_port = local.rsplit(":", 1)
            if state == "0A" and int(hex_port, 16) == port:
                listening.append(address)
    assert listening, "the app is listening"
    assert set(listening) <= {"0100007F", "00000000000000000000000001000000"}


def test_hostile_widget_messages_show_a_french_error_and_change_nothing(
    browser: Browser, app_url: str
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    # the parts whose controls it attacks: the game and two explorers
    open_part(page, f"{app_url}/voila/render/{GAME}", PLAY, TIES, TIEBREAK)
    game = page.locator(".tv-game")
    expect(game).to_be_visible(timeout=60_000)
    table_before = game.locator(".tv-table-view").inner_text()
    channel = KernelChannel.of_page(app_url, page)
    try:
        states = channel.widget_states()

        def find(model: str, **match: object) -> list[str]:
            return [cid for cid, s in states.items() if s.get("_model_name") == model
                    and all(s.get(k) == v for k, v in match.items())]

        name_box = find("TextModel", description="Votre prénom")
        tiebreak = find("TextModel", description="Alex", value="8, 6")
        new_game = [cid for cid in find("ButtonModel", description="Nouvelle partie")
                    if states[cid].get("icon") == "play"]
        dropdowns = find("DropdownModel", description="Léo")
        toggles = find("ToggleButtonsModel", description="Adversaires")
        assert len(name_box) == len(tiebreak) == len(new_game) == 1 and dropdowns and toggles
        # values no control of the page can produce
        for cid in dropdowns:
            channel.update(cid, index=99)
            channel.update(cid, index="as de pique")
        channel.update(toggles[0], index=-7)
        channel.update(tiebreak[0], value="Vampire(castle, 2)")
        channel.update(name_box[0], value="")
        channel.click(new_game[0])
        channel.reply_to(channel.send("kernel_info_request", {}))  # all of the above handled
    finally:
        channel.close()
    expect(page.locator(".tv-tiebreak-result").locator("xpath=..")).to_contain_text(
        "n’est pas une valeur de carte Points")
    expect(game.locator(".tv-error-area")).to_contain_text("Tapez votre prénom")
    assert game.locator(".tv-table-view").inner_text() == table_before
    # the game still works after the attack
    play_nth(game, 2)
    page.close()

"""A click never answered (issue 58), what can be checked without a browser: the page's own
French texts are those of tutor.fr (the one French text module), and the server's wire log
reads a kernel's status with the message it answers (tests/browser/test_lost_click.py plays
the lost click in Chromium)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jupyter_client.session import Session

from tutor import fr
from tutor.voila.guards import wire_out

TEMPLATE = (Path(__file__).resolve().parents[1]
            / "tutor/voila/templates/tutor/index.html.j2").read_text()


def template_string(name: str) -> str:
    """The JavaScript string ``var NAME = "...";`` of the page's template."""
    found = re.search(rf'^  var {name} = ("(?:[^"\\]|\\.)*");$', TEMPLATE, re.M)
    assert found, f"{name} is not a one-line string of the template"
    value: str = json.loads(found.group(1))
    return value


@pytest.mark.parametrize("name", sorted(fr.PAGE_TEXTS))
def test_the_page_says_the_french_text_module_s_words(name: str) -> None:
    assert template_string(name) == fr.PAGE_TEXTS[name]
    assert fr.typography(fr.PAGE_TEXTS[name]) == fr.PAGE_TEXTS[name]


def test_the_lost_click_text_names_its_button_in_french_quotes() -> None:
    button = fr.PAGE_TEXTS["CLICK_RETRY"]
    assert f"«\u202f{button}\u202f»" in fr.PAGE_TEXTS["CLICK_LOST"]


def test_the_wire_log_reads_a_status_and_the_message_it_answers() -> None:
    session = Session(key=b"")
    click = session.msg("comm_msg", {"comm_id": "c", "data": {}})
    status = session.msg("status", {"execution_state": "idle"}, parent=click)
    parts = session.serialize(status)
    _, after = session.feed_identities(parts)
    line = wire_out(after)
    assert line == (f"status {status['header']['msg_id']} idle pour "
                    f"{click['header']['msg_id']}")
    other = session.serialize(session.msg("comm_msg", {"comm_id": "c", "data": {}}))
    assert wire_out(session.feed_identities(other)[1]).startswith("comm_msg ")
    assert wire_out([b"x"]) == "message incomplet"

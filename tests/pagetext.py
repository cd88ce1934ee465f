"""What a learner reads, as plain text, for assertions on French sentences."""

from __future__ import annotations

import html
import re

_SPACES = str.maketrans({"\u00a0": " ", "\u202f": " ", "\u2019": "'"})


def text(markup: str) -> str:
    """The text of an HTML value: tags removed, entities decoded, no-break spaces and
    typographic apostrophes turned into plain ones, runs of spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).translate(_SPACES).split())

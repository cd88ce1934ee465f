"""The one HTML widget of the tutor's pages: whatever markup it is given, its text is set in
French typography (:func:`tutor.fr.typography_html`: narrow no-break spaces before ``; : ! ?``
and inside « », typographic apostrophes), so that no sentence reaches a learner without it,
wherever it was written.

Markup already set that way, piece by piece, may say so with :class:`Typeset` (only through
:func:`typeset` and :meth:`Typeset.join_all`): the widget then does not set it again. A long journal
resent at each click is typeset one line at a time, once, instead of whole at every click."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import ipywidgets as w
import traitlets

from tutor import fr


class Typeset(str):
    """Markup whose text is already in French typography. Build it with :func:`typeset` or
    :meth:`join_all` only: both keep that promise (a plain ``str`` operation gives a plain ``str``,
    which the widget sets again)."""

    @classmethod
    def join_all(cls, pieces: Iterable[Typeset]) -> Typeset:
        """The pieces one after the other. Each piece starts and ends outside any text (with a
        tag, or empty), so no text is cut in two and the whole is as typeset as its pieces."""
        parts = list(pieces)
        if not all(type(p) is cls and (not p or (p[0] == "<" and p[-1] == ">")) for p in parts):
            raise ValueError("Typeset.join_all: pieces must be Typeset markup between tags")
        return cls("".join(parts))


def typeset(markup: str) -> Typeset:
    """``markup`` in French typography, marked as such."""
    return markup if type(markup) is Typeset else Typeset(fr.typography_html(markup))


class Html(w.HTML):  # type: ignore[misc]
    """``ipywidgets.HTML`` whose text always follows French typography."""

    @traitlets.validate("value")
    def _french(self, proposal: dict[str, Any]) -> str:
        value = proposal["value"]
        if type(value) is Typeset:
            return str.__str__(value)
        return fr.typography_html(str(value))

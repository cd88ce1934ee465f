"""How a game tells its events in French: a :class:`Phrasebook`, one per game, behind its
``describe``.

A phrasebook maps each event kind to a *template* or to a function. A template is the French
sentence with named fields, in :meth:`str.format` syntax: ``{who}`` is the seat that acted and any
other name is a field of the event's data. A field may name a *writer* after a colon, with its
words after a space, in the manner of ICU message formats::

    "{who} pioche {cards:count carte} ({left:count carte} dans la pioche)."

Writers shared by every game: ``count`` (a number and its noun in agreement, an irregular plural
as a second word), ``number``, ``signed`` (true minus sign), ``names`` (a list of names joined with
« et »), ``of`` and ``to`` (elided « de »/« à » before a name), ``quote``. A game adds its own
(``card``, ``location``...). Without a writer, a whole number is written as a French number and a
text as it is; anything else must name its writer. A function ``(fields, who) -> str`` tells the
events whose sentence depends on the data (``fields``: the event's data, with ``who``, the
event's ``clause`` and the context given to :meth:`Phrasebook.describe` added);
:meth:`Phrasebook.fill` lets it reuse templates.

Every sentence leaves through :func:`tutor.fr.typography` (narrow spaces, apostrophes, minus), with
a capital first letter. Anything that is not a well-formed event of the game raises a French
:class:`ValueError`, never another exception.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from tutor import fr
from tutor.engine.core import Event, Refused, Tagged, Won

Writer = Callable[..., str]
Teller = Callable[[Mapping[str, Any], str], str]
EventTeller = Callable[[Any, Mapping[str, Any]], str]
"""How a typed event is told when a template is not enough: ``(event, context)``, the context
holding ``who`` (the event's seat, or ``""``) and what :meth:`Phrasebook.describe` was given."""
Sentences = Mapping[Any, "str | Teller | EventTeller"]

WRITERS: Mapping[str, Writer] = {
    "count": lambda value, noun, plural=None: fr.count(_whole(value), noun, plural),
    "number": lambda value: fr.number(_whole(value)),
    "signed": lambda value: fr.signed(_whole(value)),
    "names": lambda names: fr.join(_text(n) for n in names),
    "of": lambda name: fr.of(_text(name)),
    "to": lambda name: fr.to(_text(name)),
    "quote": lambda text: fr.quote(_text(text)),
}


COMMON: Sentences = {
    "refused": lambda d, who: fr.refusal(d["reason"]),  # a move the engine refused
    "winner": "{reason}",  # the end of the game: the outcome's reason
    Refused: lambda e, context: fr.refusal(e.reason),
    Won: "{outcome.reason}",
}
"""The event kinds every game tells alike (a game may tell them its own way)."""


def _whole(value: object) -> int:
    if type(value) is not int:
        raise TypeError(value)
    return value


def _text(value: object) -> str:
    if type(value) is not str:
        raise TypeError(value)
    return value


class _Formatter(string.Formatter):
    """Fills a template from an event's data: ``{field:writer words}``."""

    def __init__(self, writers: Mapping[str, Writer]) -> None:
        self.writers = writers

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec:
            name, *words = format_spec.split(" ")
            return self.writers[name](value, *words)
        if type(value) is int:
            return fr.number(value)
        return _text(value)


@dataclass(frozen=True)
class Phrasebook:
    """The French sentence of each event kind of the game named ``game`` (in French), with the
    kinds of :data:`COMMON`."""

    game: str
    sentences: Sentences
    writers: Mapping[str, Writer] = field(default_factory=dict)
    _formatter: _Formatter = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sentences", {**COMMON, **self.sentences})
        object.__setattr__(self, "_formatter", _Formatter({**WRITERS, **self.writers}))

    def fill(self, template: str, data: Mapping[str, Any], who: str) -> str:
        """``template`` with its fields taken from ``data`` (``who``: the seat)."""
        return self._formatter.vformat(template, (), {**data, "who": who})

    def describe(self, event: object, **context: object) -> str:
        """One French sentence telling what ``event`` means; a French :class:`ValueError` for
        anything that is not an event of this game. ``context`` (e.g. who is reading) joins the
        fields."""
        if not isinstance(event, Event) or not isinstance(event.data, Mapping):
            raise ValueError(f"{fr.shown(event, 40)} n’est pas un événement de {self.game}.")
        typed = type(event) is not Tagged
        if typed:  # a typed event: its class, or the nearest base the book tells
            sentence = next((self.sentences[c] for c in type(event).__mro__
                             if c in self.sentences and c is not Event), None)
        else:
            sentence = self.sentences.get(event.kind) if type(event.kind) is str else None
        if sentence is None:
            raise ValueError(f"Événement de {self.game} inconnu : "
                             f"{fr.shown(event.kind or type(event).__name__)}.")
        who = event.seat if type(event.seat) is str else ""
        fields = {**event.data, **context, "who": who, "clause": event.clause}
        try:
            if isinstance(sentence, str):
                text = self.fill(sentence, fields, who)
            elif typed:
                text = cast("EventTeller", sentence)(event, {**context, "who": who})
            else:
                text = cast("Teller", sentence)(fields, who)
        except (KeyError, TypeError, AttributeError, IndexError, ValueError):
            raise ValueError(f"Événement de {self.game} illisible : "
                             f"{fr.shown(event, 60)}.") from None
        return fr.typography(fr.capitalize(text))

"""How a game tells its events in French: a :class:`Phrasebook`, one per game, behind its
``describe``.

A phrasebook maps each event class to a *template* or to a function. A template is the French
sentence with named fields, in :meth:`str.format` syntax: ``{who}`` is the seat that acted and any
other name is a field of the event (``{outcome.reason}`` reads a field's attribute). A field
may name a *writer* after a colon, with its words after a space, in the manner of ICU message
formats::

    "{who} pioche {cards:count carte} ({left:count carte} dans la pioche)."

Writers shared by every game: ``count`` (a number and its noun in agreement, an irregular plural
as a second word), ``number``, ``signed`` (true minus sign), ``names`` (a list of names joined with
« et »), ``of`` and ``to`` (elided « de »/« à » before a name), ``quote``. A game adds its own
(``card``, ``location``...). Without a writer, a whole number is written as a French number and a
text as it is; anything else must name its writer. A function ``(event, context) -> str`` tells
the events whose sentence depends on their fields (``context``: ``who``, the event's seat or
``""``, and what :meth:`Phrasebook.describe` was given); :meth:`Phrasebook.fill` lets it reuse
templates. An event class the book does not name is told by its nearest base class it names.

Every sentence leaves through :func:`tutor.fr.typography` (narrow spaces, apostrophes, minus), with
a capital first letter. Anything that is not a well-formed event of the game raises a French
:class:`ValueError`, never another exception.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from tutor import fr
from tutor.engine.core import Event, Refused, Won

Writer = Callable[..., str]
Context = Mapping[str, Any]
"""What a teller is given besides its event: ``who`` (the event's seat, or ``""``) and what
:meth:`Phrasebook.describe` was given (e.g. who is reading)."""
EventTeller = Callable[[Any, Context], str]
"""How an event is told when a template is not enough: ``(event, context)``."""
Sentences = Mapping[type[Event], "str | EventTeller"]

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
    Refused: lambda e, context: fr.refusal(_text(e.reason)),  # a move the engine refused
    Won: "{outcome.reason}",  # the end of the game: the outcome's reason
}
"""The events every game tells alike (a game may tell them its own way)."""


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
    """The French sentence of each event class of the game named ``game`` (in French), with the
    classes of :data:`COMMON`."""

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
        if not isinstance(event, Event):
            raise ValueError(f"{fr.shown(event, 40)} n’est pas un événement de {self.game}.")
        # its class, or the nearest base the book tells
        sentence = next((self.sentences[c] for c in type(event).__mro__
                         if c in self.sentences and c is not Event), None)
        if sentence is None:
            raise ValueError(f"Événement de {self.game} inconnu : "
                             f"{fr.shown(type(event).__name__)}.")
        who = event.seat if type(event.seat) is str else ""
        try:
            if isinstance(sentence, str):
                own = {f.name: getattr(event, f.name) for f in fields(event)}
                text = self.fill(sentence, {**own, **context, "clause": event.clause}, who)
            else:
                text = sentence(event, {**context, "who": who})
        except (KeyError, TypeError, AttributeError, IndexError, ValueError):
            raise ValueError(f"Événement de {self.game} illisible : "
                             f"{fr.shown(event, 60)}.") from None
        return fr.typography(fr.capitalize(text))

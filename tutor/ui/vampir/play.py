"""The Vampir table on the shared play components: how a view is drawn, how the legal actions
are grouped (draw and take as buttons, lay and hunt as lists: hunts can be many)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, TypeVar

from tutor import fr
from tutor.engine import Event
from tutor.engine import scenario as sc
from tutor.games import vampir as v
from tutor.games.vampir.cards import (
    C_DEAL,
    C_HUNT,
    C_LAY,
    HAND_SIZE,
    JOKER,
    KINDS,
    LOCATION_NAMES,
    LOCATION_WORDS,
    LOCATIONS,
    SHUFFLED,
    Card,
    Vampire,
    card_text,
    card_word,
    cards_text,
    heads_text,
    location_label,
    of_location,
    the_location,
)
from tutor.games.vampir.events import VampirEvent
from tutor.games.vampir.hunts import Scoring
from tutor.games.vampir.scenes import manche_scored
from tutor.ui import html as h
from tutor.ui.actions import ActionGroup
from tutor.ui.editor import Choice, Counts, EditorSpec, Front, Pile, Position
from tutor.ui.table import PlayTable, Sandbox, Surface

from .base import (
    JOKER_SYMBOL,
    NAMES,
    PAGE,
    SYMBOLS,
    YOU,
    back_html,
    cards_row,
    hunt_heads,
    hunt_html,
    hunts_with_heads,
    loc_name,
    score_table,
)


def manche_scoring(events: Sequence[Event]) -> tuple[int, Scoring] | None:
    """The scoring of the manche that ended in ``events`` (its number and the detail)."""
    return manche_scored(events)


def draw(view: v.View, events: Sequence[Event] = ()) -> str:
    """The table as ``view`` shows it (the teacher's view: every hand and the deck's top)."""
    jh = view.variant.joker_heads
    head = "Partie terminée" if view.over else (
        f"Manche {view.manche} sur {view.manches} — pioche : "
        f"{fr.count(view.deck_size, 'carte')} — au tour {fr.of(view.turn)}")
    locs = "".join(f'<div class="vp-location vp-{loc}" data-location="{loc}">'
                   f'<div class="vp-loc-title">{h.esc(loc_name(loc))}</div>'
                   f"{cards_row(view.cards_under(loc), empty='vide')}</div>"
                   for loc in LOCATIONS)
    players = []
    for p in view.players:
        hand = (cards_row(p.hand, empty="main vide") if p.hand is not None
                else back_html(p.hand_size) if p.hand_size else "main vide")
        hunts = "".join(hunt_html(loc, cards, jh) for loc, cards in p.shown.items())
        marker = ' <span class="tv-tag tv-ok">▶ à jouer</span>' if p.to_play else ""
        total = (' <span class="tv-muted">— total des manches finies : '
                 f"{fr.count(p.total, 'point')}</span>") if view.manches > 1 else ""
        players.append(
            f'<div class="vp-player{" vp-active" if p.to_play else ""}"><strong>'
            f"{h.esc(p.name)}</strong>{marker}{total}<div class=\"vp-row\">"
            f'<div><div class="tv-muted">Main ({p.hand_size})</div>{hand}</div>'
            f'<div><div class="tv-muted">Chasses ({fr.count(p.colours, "couleur")} sur 6)</div>'
            f'<div class="vp-hunts">{hunts or "aucune"}</div></div></div></div>')
    deck = ""
    if view.deck:
        deck = ('<div class="tv-muted">Vue du professeur — les 6 prochaines cartes de la '
                f"pioche :</div>{cards_row(view.deck[:6])}")
    last = manche_scoring(events)
    scoring = score_table(last[1], f"Décompte de la manche {last[0]}") if last else ""
    return (f'<div class="tv-panel"><div class="tv-title">{h.esc(head)}</div>'
            f'<div class="vp-locations">{locs}</div>{deck}{"".join(players)}</div>{scoring}')


def action_label(action: v.Action, view: v.View | None = None) -> str:
    """A French label for an action, as the buttons and lists show it."""
    jh = view.variant.joker_heads if view else 1
    if isinstance(action, v.Draw):
        return "Piocher 2 cartes"
    if isinstance(action, v.EndTurn):
        return "Finir son tour"
    if isinstance(action, v.Take):
        count = f" ({len(view.cards_under(action.location))})" if view else ""
        return (f"{SYMBOLS[action.location]} Récupérer les cartes "
                f"{of_location(action.location)}{count}")
    if isinstance(action, v.Lay):
        return f"Poser un {card_text(action.card)} sous {location_label(action.location)}"
    assert isinstance(action, v.Hunt)
    return f"{heads_text(hunt_heads(action.cards, jh))} : {cards_text(action.cards)}"


def groups(view: v.View, legal: Sequence[v.Action]) -> list[ActionGroup]:
    """Draw and take as buttons; lay and hunt as lists, each with its button."""
    jh = view.variant.joker_heads
    hunts = sorted((a for a in legal if isinstance(a, v.Hunt)),
                   key=lambda a: (-hunt_heads(a.cards, jh), a.cards.count(JOKER), len(a.cards)))

    def items(actions: Sequence[v.Action]) -> tuple[tuple[str, v.Action], ...]:
        return tuple((fr.typography(action_label(a, view)), a) for a in actions)

    return [ActionGroup("", items([a for a in legal
                                   if isinstance(a, (v.Draw, v.Take, v.EndTurn))])),
            ActionGroup("Poser une carte", items([a for a in legal if isinstance(a, v.Lay)]),
                        button="Poser cette carte"),
            ActionGroup("Exposer une chasse", items(hunts), button="Exposer cette chasse")]


def prompt(view: v.View) -> str:
    if view.phase == "turn":
        text = ("Piochez 2 cartes, ou récupérez les cartes d’un lieu"
                + (" (seulement si une chasse peut suivre)."
                   if view.variant.take == "hunt_required" else "."))
    elif view.phase == "drawn":
        text = ("Posez une carte de votre main sous son lieu (un joker sous n’importe quel "
                "lieu), ou exposez une chasse.")
    elif view.phase == "hunted":
        text = "Exposez une autre chasse, ou finissez votre tour."
    else:
        text = "Exposez une chasse qui contient toutes les cartes récupérées."
    return fr.typography(text)


def write_position(position: Position) -> dict[str, Any]:
    """The scenario of a position set in the editor: the first player, the hands, the hunts
    already exposed (each made, for its heads, of the cards the other parts leave free: as many
    two-head vampires as it allows, then one-head ones, then jokers), the cards laid under each
    location on its vampire of the set-up, and the top of the face-down deck. Every part is
    taken out of the game's cards by the engine first (:func:`~tutor.engine.scenario.take`:
    one copy too many is refused, naming the part); the hunts and the cards under the
    locations come out of the deck (:func:`~tutor.games.vampir.resume`), from its top: they are
    written above the deck set, so that no hand is dealt them and the deck is dealt as set."""
    heads = {p: {loc: n for loc, n in spots.items() if n}
             for p, spots in position.counts["chasses"].items()}
    hands = {p: list(h) for p, h in position.fronts.get("mains", {}).items() if h}
    under = {loc: list(position.piles.get(f"sous:{loc}", ())) for loc in LOCATIONS}
    deck = list(position.piles.get("pioche", ()))
    pool = list(SHUFFLED)
    for p, hand in hands.items():
        sc.take(f"Main {fr.of(p)}", hand, pool, C_DEAL, card_text, SHUFFLED)
    for loc, cards in under.items():
        sc.take(f"Sous {the_location(loc)}", cards, pool, C_LAY, card_text, SHUFFLED)
    sc.take("Pioche", deck, pool, C_DEAL, card_text, SHUFFLED)
    # the hunts are made of the cards the hands, the locations and the deck leave free
    hunts = hunts_with_heads({p: spots for p, spots in heads.items() if spots}, pool)
    for p, row in hunts.items():
        for hunt in row:
            where = f"Chasse {fr.of(p)} {of_location(_colour(hunt))}"
            sc.take(where, hunt, pool, C_HUNT, card_text, SHUFFLED)
    data: dict[str, Any] = {"premier": position.choices["premier"]}
    above = [c for row in hunts.values() for hunt in row for c in hunt]
    above += [c for cards in under.values() for c in cards]
    deal = {"mains": {p: [card_word(c) for c in h] for p, h in hands.items()},
            "pioche": [card_word(c) for c in above + deck]}  # never dealt into a hand
    if any(deal.values()):
        data["donnes"] = [{k: item for k, item in deal.items() if item}]
    written = {p: {LOCATION_WORDS[_colour(h)]: [card_word(c) for c in h] for h in row}
               for p, row in hunts.items() if row}
    if written:
        data["chasses"] = written
    laid = {LOCATION_WORDS[loc]: [card_word(c) for c in cards]
            for loc, cards in under.items() if cards}
    if laid:
        data["lieux"] = laid
    return data


def _colour(hunt: Sequence[Card]) -> str:
    return next(c.location for c in hunt if isinstance(c, Vampire))


def _kind(card: Card) -> str:
    if isinstance(card, Vampire):
        return f"{SYMBOLS[card.location]} {LOCATION_NAMES[card.location]} {'●' * card.heads}"
    return f"{JOKER_SYMBOL} Joker"


def _under(loc: str) -> Pile:
    """The cards laid under ``loc``: its own vampires and the jokers."""
    return Pile(f"sous:{loc}", fr.typography(
        f"Sous {the_location(loc)}, sur son vampire à une tête de la mise en place :"),
        (Vampire(loc, 1), Vampire(loc, 2), JOKER), _kind, repeat=True)


EDITOR = EditorSpec(
    choices=(Choice("premier", "Premier joueur"),),
    piles=(Pile("pioche", "Pioche, du dessus vers le dessous (les cartes que vous ne placez "
                "pas suivent, mélangées) :", KINDS, _kind, repeat=True),
           *(_under(loc) for loc in LOCATIONS)),
    fronts=(Front("mains", f"Main ({HAND_SIZE} cartes au plus ; le reste est distribué au "
                  "hasard)", KINDS, _kind, repeat=True, most=HAND_SIZE),),
    counts=(Counts("chasses", "Chasses déjà exposées, en têtes (0 : pas de chasse de cette "
                   "couleur ; une chasse compte au moins 3 têtes) :",
                   tuple((loc, f"{SYMBOLS[loc]} {LOCATION_NAMES[loc]}")
                         for loc in LOCATIONS), high=26),),
    write=write_position,
    intro="Ce que vous ne placez pas est distribué au hasard du numéro de partie ; les cartes "
          "des chasses et celles posées sous les lieux sont prises dans la pioche.")

Table = PlayTable[v.State, v.Action, v.View, VampirEvent]
Board = Sandbox[v.State, v.Action, v.View, VampirEvent]
B = TypeVar("B", Table, Board)
SURFACE = Surface(PAGE, draw, groups, prompt, you=YOU, bots=NAMES[:4],
                  opponents=(2, 3, 4), level="chasseur", players=(3, 4, 5), editor=EDITOR)


def _reserved(board: B) -> B:
    """``board`` with a button for drawing and each of the six takes made at once, so that no
    later deal creates a widget model (the panel pools its buttons lazily)."""
    board.actions.reserve(1 + len(LOCATIONS))
    return board


def play_vs_computer(seed: int = 1) -> Table:
    """A whole match against 2 to 4 computer players, with undo, redo and the journal."""
    return _reserved(PlayTable(SURFACE, seed))


def sandbox(seed: int = 7) -> Board:
    """Play every seat yourself, everything visible (a single manche by default)."""
    return _reserved(Sandbox(dataclasses.replace(SURFACE, preset="manche-unique"), seed))

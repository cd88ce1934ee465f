"""Vampir's rules as methods of the game's class (:class:`Rules`, inherited by
:class:`~.game.Vampir`): the set-up (draw, setup, opening_events), legal_actions (the only
legality rule), step (what ``apply`` plays once legality said yes; anything else refused with the
French reason found by :func:`_explain` and the clause it breaks), the end of a manche, outcome,
view and inventory. The state is immutable.

The rules of a turn are written once, on counts (:mod:`.counts`): the legal actions are those
:func:`.counts.takes`, :func:`.counts.colours` and :func:`.counts.lays` open, and
:meth:`Rules.step` asks :func:`.counts.colours` whether a hunt follows a take and
:func:`.counts.hunt` what follows a hunt; a hint's playouts (:mod:`.playouts`) play the same
functions.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections import Counter
from collections.abc import Hashable, Mapping
from functools import lru_cache
from itertools import repeat
from operator import is_
from typing import Any, Literal, cast

from tutor import fr
from tutor.engine import IllegalAction, Outcome, Won, best_totals, shuffled
from tutor.engine.api import Seed
from tutor.engine.core import Record

from . import cards as material
from . import counts
from . import events as ev
from .actions import ACTION_TYPES, Action, Draw, EndTurn, Hunt, Lay, Take
from .cards import (
    C_DISCARD,
    C_DRAW,
    C_END_DECK,
    C_END_SIX,
    C_HUNT,
    C_LAY,
    C_MATCH,
    C_POINTS,
    C_SHOWN,
    C_TAKE,
    C_TURN,
    C_V_DRAWN,
    C_V_FREE,
    C_V_HUNTS,
    C_WINNER,
    KINDS,
    LOCATIONS,
    RANK,
    Card,
    Vampire,
    card_code,
    card_text,
    cards_text,
    check_cards,
    check_location,
    illegal,
    is_card,
    location_label,
    of_location,
    shown,
)
from .hunts import Variant, _score, _verdict, colour_hunts, rank_counts
from .state import (
    SeatView,
    State,
    View,
    _check_record,
    _index,
    _setup_manche,
    _sorted,
)

# --- legality ------------------------------------------------------------------------------------


def seat_index(state: State, seat: object) -> int:
    """Index of ``seat`` in the players, or :class:`IllegalAction` if nobody has that name."""
    return _index(state.players, seat)


_last_legal: list[tuple[State | None, str, tuple[Action, ...]]] = [(None, "", ())]


def _legal_actions(state: State, seat: str) -> tuple[Action, ...]:
    players, turn, phase = state.players, state.turn, state.phase
    # the player to act, else any name checked (a stranger refused) before the answer ()
    if type(seat) is not str or seat != players[turn] or phase == "over":
        seat_index(state, seat)
        return ()
    rules = state.variant
    hand = rank_counts(state.hands[turn])
    if phase == "turn":
        return _turn(seat, tuple(counts.takes(hand, counts.piles(state.under),
                                              rules.take == "free")))
    if phase == "taken":
        return _hunts(seat, counts.colours(hand, counts.required(state.pending), False))
    if phase == "hunted":
        return (*_hunts(seat, counts.colours(hand, counts.NOTHING, False)), EndTurn(seat))
    drawn_only = rules.draw == "drawn"  # (then only the cards just drawn may be laid)
    drawn = tuple(card.rank for card in state.pending) if drawn_only else ()
    return (_lays(seat, tuple(counts.lays(hand, drawn, drawn_only)))
            + _hunts(seat, counts.colours(hand, counts.NOTHING, False)))


@lru_cache(maxsize=1 << 10)
def _turn(seat: str, takes: tuple[int, ...]) -> tuple[Action, ...]:
    """Draw, then a take of each location of index in ``takes`` (:func:`.counts.takes`)."""
    return (Draw(seat), *(Take(seat, LOCATIONS[k]) for k in takes))


@lru_cache(maxsize=1 << 14)
def _lays(seat: str, lays: tuple[counts.Lay, ...]) -> tuple[Lay, ...]:
    """``Lay`` for each of :func:`.counts.lays`."""
    return tuple(_lay(seat, r, k) for r, k in lays)


@lru_cache(maxsize=1 << 10)
def _lay(seat: str, rank: int, k: int) -> Lay:
    return Lay(seat, KINDS[rank], LOCATIONS[k])


def _hunts(seat: str, found: list[counts.Counts]) -> tuple[Hunt, ...]:
    """``Hunt`` for each of :func:`.counts.options` of the colours ``found``, colour by
    colour."""
    out: tuple[Hunt, ...] = ()
    for colour in found:
        out += _colour_hunts(seat, colour)
    return out


@lru_cache(maxsize=1 << 14)
def _colour_hunts(seat: str, colour: counts.Counts) -> tuple[Hunt, ...]:
    """The hunts of one colour (its :data:`.counts.Counts`), as :func:`.counts.options` lists
    them."""
    c = colour[0]
    one, two = KINDS[2 * c], KINDS[2 * c + 1]
    assert isinstance(one, Vampire) and isinstance(two, Vampire)
    return tuple(Hunt(seat, cards) for cards in colour_hunts(one, two, *colour[1:]))


def _explain(state: State, action: object) -> IllegalAction:
    """Why ``action`` is not among the legal actions (called only once legality said no)."""
    if type(action) not in ACTION_TYPES:
        return illegal(
            f"Action inconnue pour Vampir : {shown(action, 60)}. Une action est Draw(joueur), "
            "Take(joueur, lieu), Lay(joueur, carte, lieu), Hunt(joueur, cartes) ou "
            "EndTurn(joueur).", C_TURN)
    assert isinstance(action, ACTION_TYPES)
    i = seat_index(state, action.seat)
    seat = state.players[i]
    if state.phase == "over":
        return illegal("La partie est terminée : plus aucune action n’est possible.",
                       C_MATCH if len(state.record.shuffles) > 1 else C_WINNER)
    if i != state.turn:
        return illegal(f"Ce n’est pas le tour {fr.of(seat)} : c’est "
                       f"{fr.to(state.players[state.turn])} de jouer.", C_TURN)
    hand = state.hands[i]
    if isinstance(action, EndTurn):
        if state.variant.hunts == "several":
            return illegal(f"{seat} ne peut finir son tour ainsi qu’après une chasse ; avant, "
                           "on pioche 2 cartes ou on récupère un lieu, puis on pose une carte "
                           "ou on expose une chasse.", C_V_HUNTS)
        return illegal(f"Passer n’est pas permis : {seat} doit piocher 2 cartes ou récupérer "
                       "les cartes d’un lieu, et son tour finit avec la carte posée ou la "
                       "chasse exposée.", C_TURN)
    if isinstance(action, (Draw, Take)) and state.phase != "turn":
        what = {"drawn": "poser une carte ou exposer une chasse",
                "taken": "exposer une chasse avec les cartes récupérées",
                "hunted": "exposer une autre chasse ou finir son tour"}[state.phase]
        return illegal(f"{seat} a déjà choisi son action de ce tour ; il reste à {what}.",
                       C_V_HUNTS if state.phase == "hunted" else C_TURN)
    if isinstance(action, Take):
        check_location(action.location)
        cards = state.under[LOCATIONS.index(action.location)]
        if not cards:
            return illegal(f"Il n’y a aucune carte sous {location_label(action.location)}.",
                           C_TAKE)
        return illegal(
            f"Avec les cartes {of_location(action.location)} ({cards_text(cards)}), {seat} ne "
            "pourrait exposer aucune chasse : on ne récupère un lieu que si une chasse peut "
            "suivre.", C_TAKE)
    if state.phase == "turn":
        return illegal(f"{seat} doit d’abord piocher 2 cartes ou récupérer les cartes d’un "
                       "lieu.", C_TURN)
    if isinstance(action, Lay):
        if state.phase == "taken":
            return illegal(f"{seat} a récupéré des cartes : il reste à exposer une chasse qui "
                           "les contient, pas à poser une carte.", C_TAKE)
        if state.phase == "hunted":
            return illegal(f"{seat} a exposé une chasse ce tour-ci : reste à en exposer une "
                           "autre ou à finir son tour, pas à poser une carte.", C_V_HUNTS)
        if not is_card(action.card):
            return illegal(f"{shown(action.card)} n’est pas une carte de Vampir.", C_LAY)
        if action.card not in hand:
            return illegal(f"{seat} n’a pas de {card_text(action.card)} en main.", C_LAY)
        if state.variant.draw == "drawn" and action.card not in state.pending:
            return illegal(f"Dans cette lecture, on pose l’une des deux cartes tirées "
                           f"({cards_text(state.pending)}), pas une autre.", C_V_DRAWN)
        check_location(action.location)
        assert isinstance(action.card, Vampire)
        return illegal(f"Un {card_text(action.card)} se pose sous "
                       f"{location_label(action.card.location)}, le lieu de sa couleur, "
                       f"et non sous {location_label(action.location)}.", C_LAY)
    assert isinstance(action, Hunt)
    cards = check_cards(action.cards, C_HUNT, "Une chasse (liste de cartes)")
    check = _verdict(cards, state.variant.joker_heads)
    if not check:
        return illegal(check.reason, check.clause)
    missing = list(hand)
    for card in cards:
        if card not in missing:
            return illegal(f"{seat} n’a pas en main toutes les cartes de cette chasse : "
                           f"un {card_text(card)} manque.", C_HUNT)
        missing.remove(card)
    assert state.phase == "taken"
    return illegal(f"La chasse doit contenir toutes les cartes récupérées "
                   f"({cards_text(state.pending)}).", C_TAKE)


def _canonical(action: object) -> object:
    """A hunt given in any card order (tuple or list) is read in the canonical order."""
    if type(action) is Hunt and isinstance(action.cards, (tuple, list)) and all(
            map(is_card, action.cards)):
        cards = _sorted(action.cards)
        return action if type(action.cards) is tuple and cards == action.cards \
            else Hunt(action.seat, cards)
    return action


# --- resolution ----------------------------------------------------------------------------------


def _without(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``hand`` less one copy of each of ``cards``, counted by rank (each kind of card exists
    once; comparing two cards with ``==`` would cost a Python-level call per card)."""
    drop = [0] * len(KINDS)
    for card in cards:
        drop[card.rank] += 1
    rest = []
    for card in hand:
        if drop[card.rank]:
            drop[card.rank] -= 1
        else:
            rest.append(card)
    return tuple(rest)


_INDEX = {loc: k for k, loc in enumerate(LOCATIONS)}
#: a record (State, View, SeatView) from all its fields, at C speed (no argument parsing)
_new = tuple.__new__


def _next_turn(state: State, events: list[ev.VampirEvent], explain: bool,
               under: tuple[tuple[Card, ...], ...], hands: tuple[tuple[Card, ...], ...],
               displays: tuple[tuple[tuple[Card, ...], ...], ...], removed: tuple[Card, ...]
               ) -> tuple[State, tuple[ev.VampirEvent, ...]]:
    """The turn passes to the left, with the ``under``, ``hands``, ``displays`` and ``removed``
    the action left."""
    players = state.players
    turn = (state.turn + 1) % len(players)
    if explain:
        events.append(ev.Turn(seat=players[turn], clause=C_TURN))
    return _new(State, (state.variant, players, state.record, state.manche, state.start,
                        state.deck, under, hands, displays, removed, turn, "turn", (),
                        state.results)), tuple(events)


def hunt_heads(state: State) -> dict[str, dict[str, int]]:
    """Each player's heads per colour shown (jokers counted as the variant says)."""
    jh = state.variant.joker_heads
    return {p: {loc: _heads(hunt, jh) for loc, hunt in zip(LOCATIONS, slots) if hunt}
            for p, slots in zip(state.players, state.displays)}


@lru_cache(maxsize=1 << 12)
def _heads(hunt: tuple[Card, ...], joker_heads: int) -> int:
    return sum(c.heads if isinstance(c, Vampire) else joker_heads for c in hunt)


def _totals(state: State) -> dict[str, int]:
    return {p: sum(r[k] for r in state.results) for k, p in enumerate(state.players)}


@lru_cache(maxsize=1 << 8)
def _totals_of(results: tuple[tuple[int, ...], ...], n: int) -> tuple[int, ...]:
    """Each player's total of the finished manches' ``results``."""
    return tuple(sum(points) for points in zip(*results)) if results else (0,) * n


class Rules:
    """Vampir's rules, as methods of the game's class (:class:`~.game.Vampir`): the set-up (its
    material and clauses read from :mod:`.cards`), the legal actions and their resolution, the
    end of the match, what each seat sees, the cards' inventory."""

    def draw(self, players: tuple[str, ...], variant: Variant, seed: Seed,
             options: Mapping[str, Any]) -> Record:
        """The chance of a new match (``vampir/mise-en-place``, ``vampir/distribution``): the 100
        cards shuffled for each manche; ``options["first"]`` names the start player
        (``vampir/premier-joueur``; by default the first listed), kept in ``record.setup``."""
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        first = options.get("first")
        if first is not None:
            _index(players, first)
        return Record(tuple(shuffled(material.SHUFFLED, rng) for _ in range(variant.manches)),
                      (("first", players[0] if first is None else first),))

    def setup(self, players: tuple[str, ...], variant: Variant, record: Record,
              options: Mapping[str, Any]) -> State:
        """The first position of a recorded match (``vampir/joueurs``): its first manche dealt."""
        _check_record(record, variant, players, options.get("first"))
        start = _index(players, record.option("first", players[0]))
        order = cast(tuple[Card, ...], record.shuffles[0])
        return _setup_manche(variant, players, record, order, 1, start, ())

    def opening_events(self, state: State) -> tuple[ev.VampirEvent, ...]:
        """The events of the set-up of the current manche."""
        n = len(state.players)
        manches = len(state.record.shuffles)
        events: list[ev.VampirEvent] = []
        if state.manche == 1:
            events += [
                ev.Seating(players=state.players, clause=material.C_PLAYERS),
                ev.MatchLength(manches=manches,
                               clause=material.C_MATCH if manches > 1 else material.C_V_ONE),
                ev.LocationsLaidOut(locations=material.LOCATIONS, clause=material.C_LOCATIONS),
                ev.VampireCards(clause=material.C_VAMPIRES),
                ev.JokerCards(heads=state.variant.joker_heads, clause=material.C_JOKERS),
            ]
        if state.results:  # a later manche (set up by hand, or dealt after one): the totals
            events.append(ev.Totals(manche=state.manche - 1, totals=tuple(
                (p, sum(r[k] for r in state.results)) for k, p in enumerate(state.players)),
                clause=material.C_MATCH))
        events += [
            ev.StartersLaid(manche=state.manche, clause=material.C_SETUP),
            ev.Dealt(hand=material.HAND_SIZE, deck=len(state.deck), players=n,
                     clause=material.C_DEAL),
            ev.Starts(seat=state.players[state.start], manche=state.manche,
                      clause=material.C_START),
        ]
        return tuple(events)

    def is_over(self, state: State) -> bool:
        """True once the last manche is scored."""
        return state.phase == "over"

    def current_seats(self, state: State) -> tuple[str, ...]:
        """The player who must act now (players act in turn, clockwise)."""
        if state.phase == "over":
            return ()
        return (state.players[state.turn],)

    def legal_actions(self, state: State, seat: str) -> tuple[Action, ...]:
        """Every action ``seat`` may take now, sorted (draw, takes, lays, hunts); empty if it is
        not that player's turn. This is the only legality rule: ``apply`` refuses anything else.

        The last answer is kept: ``apply`` asks again about the state a player has just been
        handed the legal actions of."""
        last = _last_legal[0]
        if last[0] is state and last[1] == seat:
            return last[2]
        actions = _legal_actions(state, seat)
        _last_legal[0] = (state, seat, actions)
        return actions

    def is_legal(self, state: State, action: object) -> bool:
        """Whether ``action`` (a hunt in any card order) is one of the legal actions now."""
        kind = type(action)
        if kind not in ACTION_TYPES:  # a hunt read in the canonical order is still a Hunt
            return False
        legal = self.legal_actions(state, action.seat)  # type: ignore[attr-defined]
        # one of the very actions legal_actions handed out is found without comparing fields
        if any(map(is_, legal, repeat(action))):
            return True
        return (_canonical(action) if kind is Hunt else action) in legal

    def refusal(self, state: State, action: object) -> IllegalAction:
        """Why ``action`` is not among the legal actions (called only once legality said no)."""
        return _explain(state, _canonical(action))

    def step(self, state: State, action: Action, explain: bool
             ) -> tuple[State, tuple[ev.VampirEvent, ...]]:
        """Play the legal ``action`` and return the new state and what happened.

        ``Draw`` puts 2 cards in the hand (``vampir/piocher``); drawing the last card ends the
        manche at once (``vampir/fin-pioche``). ``Lay`` lays a hand card under its location, a
        joker under any (``vampir/poser``). ``Take`` moves a location's cards to the hand
        (``vampir/recuperer``), then a ``Hunt`` containing them is due. ``Hunt`` shows cards of
        one colour (``vampir/chasse``), replacing a hunt of that colour
        (``vampir/chasse-exposee``); showing all six colours ends the manche
        (``vampir/fin-six-couleurs``). Under ``hunts="several"`` a hunt that leaves another one
        possible keeps the turn (phase ``"hunted"``: another ``Hunt`` or ``EndTurn``,
        ``vampir/variante-plusieurs-chasses``). ``explain=False`` skips building the events; the
        state is the same.
        """
        if type(action) is Hunt:  # legal: its cards, maybe in another order (see is_legal)
            cards = tuple(sorted(action.cards, key=RANK))
            if cards != action.cards:
                action = Hunt(action.seat, cards)
        (rules, players, record, manche, start, deck, under, hands, displays, removed, i, _, _,
         results) = state
        seat = players[i]
        events: list[ev.VampirEvent] = []
        if type(action) is Draw:
            drawn = deck[:2]
            hands = (*hands[:i], tuple(sorted(hands[i] + drawn, key=RANK)), *hands[i + 1:])
            deck = deck[2:]
            if explain:
                events.append(ev.Drew(seat=seat, cards=drawn, left=len(deck),
                                   clause=C_V_DRAWN if rules.draw == "drawn" else C_DRAW))
            new = _new(State, (rules, players, record, manche, start, deck, under, hands, displays,
                               removed, i, "drawn", drawn, results))
            if not deck:
                return self._end_manche(new, "deck", events, explain)
            return new, tuple(events)
        if type(action) is Take:
            k = _INDEX[action.location]
            cards = under[k]
            hand = tuple(sorted(hands[i] + cards, key=RANK))
            hands = (*hands[:i], hand, *hands[i + 1:])
            under = (*under[:k], (), *under[k + 1:])
            if explain:
                events.append(ev.Took(seat=seat, location=action.location, cards=cards,
                                      clause=C_TAKE))
            if not counts.colours(rank_counts(hand), counts.required(cards), False):
                if explain:
                    events.append(ev.Kept(seat=seat, cards=cards, clause=C_V_FREE))
                return _next_turn(state, events, explain, under, hands, displays, removed)
            return _new(State, (rules, players, record, manche, start, deck, under, hands, displays,
                                removed, i, "taken", cards, results)), tuple(events)
        if type(action) is EndTurn:
            if explain:
                events.append(ev.TurnEnded(seat=seat, clause=C_V_HUNTS))
            return _next_turn(state, events, explain, under, hands, displays, removed)
        if type(action) is Lay:
            k = _INDEX[action.location]
            card = action.card
            hand = hands[i]
            at = bisect_left(hand, card.rank, key=RANK)  # the sorted hand's first such card
            hands = (*hands[:i], hand[:at] + hand[at + 1:], *hands[i + 1:])
            under = (*under[:k], (*under[k], card), *under[k + 1:])
            if explain:
                events.append(ev.Laid(seat=seat, card=card, location=action.location,
                                   clause=C_V_DRAWN if rules.draw == "drawn" else C_LAY))
            return _next_turn(state, events, explain, under, hands, displays, removed)
        assert type(action) is Hunt
        cards = action.cards
        hunt = counts.option(cards, rules.joker_heads)
        k = hunt[0]
        loc = LOCATIONS[k]
        slots = displays[i]
        old = slots[k]
        after = counts.hunt(rank_counts(hands[i]),
                            list(counts.shown_heads(slots, rules.joker_heads)), hunt,
                            rules.hunts == "several")
        if explain:
            if old:
                events.append(ev.HuntReplaced(seat=seat, location=loc, cards=old, clause=C_SHOWN))
            events.append(ev.HuntShown(seat=seat, location=loc, cards=cards, heads=hunt[4],
                                    clause=C_HUNT))
        hands = (*hands[:i], _without(hands[i], cards), *hands[i + 1:])
        slots = (*slots[:k], cards, *slots[k + 1:])
        displays = (*displays[:i], slots, *displays[i + 1:])
        removed = removed + old
        if after == "six":
            return self._end_manche(
                state._replace(hands=hands, displays=displays, removed=removed), "six", events,
                explain)
        if after == "hunted":
            if explain:
                events.append(ev.MayHuntAgain(seat=seat, clause=C_V_HUNTS))
            return _new(State, (rules, players, record, manche, start, deck, under, hands, displays,
                                removed, i, "hunted", (), results)), tuple(events)
        return _next_turn(state, events, explain, under, hands, displays, removed)

    def _end_manche(self, state: State, reason: Literal["deck", "six"],
                    events: list[ev.VampirEvent], explain: bool
                    ) -> tuple[State, tuple[ev.VampirEvent, ...]]:
        """The manche is over: discard the hands, score colour by colour, then the next manche."""
        seat = state.players[state.turn]
        discarded = tuple(c for h in state.hands for c in h)
        result = _score(hunt_heads(state), explain)
        points = tuple(result.points[p] for p in state.players)
        results = state.results + (points,)
        n = len(state.players)
        if explain:
            events.append(ev.MancheEnded(seat=seat, reason=reason, manche=state.manche,
                                      clause=C_END_DECK if reason == "deck" else C_END_SIX))
            events.append(ev.HandsDiscarded(hands=tuple(zip(state.players, state.hands)),
                                         clause=C_DISCARD))
            events.extend(result.events)
        if state.manche < len(state.record.shuffles):
            order = cast(tuple[Card, ...], state.record.shuffles[state.manche])
            new = _setup_manche(state.variant, state.players, state.record, order, state.manche + 1,
                                (state.start + 1) % n, results)
            if explain:  # the totals first (:meth:`opening_events` of a later manche)
                events.extend(self.opening_events(new))
            return new, tuple(events)
        new = state._replace(hands=((),) * n, removed=state.removed + discarded, phase="over",
                             pending=(), results=results)
        if explain:
            out = self.outcome(new)
            events.append(Won(outcome=out, clause=out.clause))
        return new, tuple(events)

    def span_outcome(self, start: State, now: State) -> Outcome | None:
        """What one hint playout scores from ``start``: a match lasts three manches, so hints look
        at the manche being played (its points, the most win: ``vampir/points``), and at the
        whole match once it is the last manche (the totals then decide). ``None`` until that
        ends."""
        if len(now.results) == len(start.results):
            return None
        if len(now.results) == len(start.record.shuffles) or self.is_over(now):
            return self.outcome(now)
        points = dict(zip(now.players, now.results[len(start.results)], strict=True))
        winners, best = best_totals(points)
        reason = fr.message(f"Manche {len(now.results)} : "
                            + fr.victory(winners, fr.count(best, "point")))
        return Outcome(points, winners, reason, C_POINTS)

    def outcome(self, state: State) -> Outcome:
        """The cumulative scores and the winners (``vampir/vainqueur``, ``vampir/trois-manches``).
        Players tied for the best total share the victory."""
        if not self.is_over(state):
            raise illegal("La partie n’est pas terminée : pas encore de vainqueur.", C_WINNER)
        totals = _totals(state)
        winners, best = best_totals(totals)
        manches = len(state.record.shuffles)
        clause = C_MATCH if manches > 1 else C_WINNER
        after = f"après {manches} manches, " if manches > 1 else ""
        reason = after + fr.victory(winners, fr.count(best, "point"))
        return Outcome(totals, winners, fr.message(reason), clause)

    def view(self, state: State, seat: str | None) -> View:
        """What ``seat`` may see. ``seat=None`` is the teacher's view (everything visible)."""
        (rules, players, record, manche, start, deck, under, hands, displays, removed, turn, phase,
         pending, results) = state
        everything = seat is None
        if everything:
            me = -1
        elif type(seat) is str and seat in players:
            me = players.index(seat)
        else:
            me = _index(players, seat)  # refused: nobody has that name
        over = phase == "over"
        acting = -1 if over else turn
        totals = _totals_of(results, len(players))
        seats = []
        for i, name in enumerate(players):
            hand = hands[i]
            seats.append(_new(SeatView, (name, hand if everything or i == me else None, len(hand),
                                         displays[i], totals[i], i == acting)))
        sees_pending = everything or turn == me or phase == "taken" or phase == "hunted"
        return _new(View, (seat, rules, manche, len(record.shuffles), phase, players[turn],
                           pending if sees_pending else None, under, len(deck),
                           deck if everything else None, removed if everything else None,
                           tuple(seats), results, over, players[start]))

    def inventory(self, state: State) -> Mapping[Hashable, int]:
        """Every card of the game wherever it lies (deck, locations, hands, hunts, out of the game),
        counted by kind (``castle:1``, ``joker``...): 106 cards, always the same counts."""
        counts: Counter[Card] = Counter(state.deck)
        for cards in (*state.under, *state.hands, *(h for slots in state.displays for h in slots),
                      state.removed):
            counts.update(cards)
        return {card_code(kind): counts[kind] for kind in KINDS}

"""Who may do what, the rules of :class:`Legality`: :meth:`Legality.legal_actions` is the only
legality rule of Vaiko; :meth:`Legality.refusal` says in French why an action is not among them,
citing the clause it breaks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields

from tutor import fr
from tutor.engine import IllegalAction, short_repr
from tutor.games.vaiko import state as vs
from tutor.games.vaiko.state import (
    ACTION_TYPES,
    C_CALL,
    C_DRAW,
    C_END,
    C_EXCHANGE,
    C_LOOK,
    C_MATCH,
    C_ORDER,
    C_PEEK,
    C_PLAYERS,
    C_SWAP,
    C_V_DISCARD,
    C_V_LOOK,
    C_V_ONE,
    C_VISION,
    CALL,
    DECIDE,
    DRAW,
    EXCHANGE,
    LOOKED,
    MATCH,
    OVER,
    PEEK,
    VISION,
    Action,
    ActionBase,
    State,
)


def index_of(names: Sequence[str], seat: object) -> int:
    """Index of ``seat`` in ``names``, or :class:`IllegalAction` if nobody has that name."""
    if type(seat) is str and seat in names:
        return names.index(seat)
    raise IllegalAction(
        f"Aucun joueur ne s’appelle {short_repr(seat)} dans cette partie "
        f"(joueurs : {fr.join(names)}).", C_PLAYERS)


def seat_index(state: State, seat: object) -> int:
    """Index of ``seat`` in the players, or :class:`IllegalAction` if nobody has that name."""
    return index_of(state.players, seat)


_Listed = tuple[tuple[Action, ...], frozenset[Action], frozenset[int]]
_LEGAL: dict[tuple[object, ...], _Listed] = {}
"""The legal actions of each shape of position, sorted, as a set, and the set of their ids
(``id`` of an action held here names that action: the entry keeps it alive), made once (actions
are immutable: positions of one shape share them). The key holds all :func:`_legal` reads of a
position: the names, the seat, the phase, the hands' sizes (the seat's own, or everyone's for
Vision and Échange) and the flags of drawing and deciding."""


_LAST: list[tuple[State | None, int, _Listed]] = [(None, -1, ((), frozenset(), frozenset()))]
"""The position last asked about, the seat and what :func:`legal_now` found there, replaced
whole: a random game or a hint's playout lists the legal actions of a position, then has the
one it chose checked (:meth:`Legality.is_legal`) in that same position."""


_BY_SIZE = frozenset((MATCH, CALL, PEEK, LOOKED))
"""The phases whose legal actions depend on nothing but the seat and its hand's size."""


def legal_now(state: State, i: int) -> _Listed:
    """Seat ``i``'s legal actions in ``state``, the seat to act (sorted, as a set, and the set of
    their ids): :meth:`Legality.legal_actions` without the check of the seat's name (a hint's
    playouts, :mod:`.playouts`, read the seat from the state)."""
    last = _LAST[0]
    if last[0] is state and last[1] == i:
        return last[2]
    phase = state.phase
    if phase in _BY_SIZE:  # the most frequent: the seat's own hand size is all they read
        key: tuple[object, ...] = (state.players, i, phase, len(state.hands[i]))
    else:
        key = (state.players, i, phase,
               tuple(map(len, state.hands)) if phase in (VISION, EXCHANGE) else len(
                   state.hands[i]),
               phase == DRAW and state.variant.draw_from == "deck_or_discard" and bool(
                   state.discard),
               phase == DECIDE and state.drawn_from == "deck",
               phase == DECIDE and state.variant.look == "before_swap")
    found = _LEGAL.get(key)
    if found is None:
        if len(_LEGAL) >= 4096:  # names typed by learners: keep the table small
            _LEGAL.clear()
        acts = tuple(sorted(_legal(state, i), key=vs.ActionBase.key))  # the order of `<`
        found = _LEGAL[key] = acts, frozenset(acts), frozenset(map(id, acts))
    _LAST[0] = (state, i, found)
    return found


def _legal(state: State, i: int) -> list[Action]:
    seat = state.players[i]
    slots = range(len(state.hands[i]))
    phase = state.phase
    if phase == PEEK:
        return [vs.Peek(seat, s) for s in slots]
    if phase == DRAW:
        acts: list[Action] = [vs.Draw(seat, "deck")]
        if state.variant.draw_from == "deck_or_discard" and state.discard:
            acts.append(vs.Draw(seat, "discard"))
        return acts
    if phase in (DECIDE, LOOKED):
        acts = [vs.Swap(seat, s) for s in slots]
        if phase == DECIDE and state.drawn_from == "deck":
            acts.append(vs.Discard(seat))
        if phase == DECIDE and state.variant.look == "before_swap":
            acts.append(vs.LookHand(seat))
        return acts
    if phase == VISION:
        return [vs.Look(seat, p, s) for p, s in vision_targets(state.players,
                                                                tuple(map(len, state.hands)))]
    if phase == EXCHANGE:
        return [vs.Exchange(seat, *t) for t in exchange_targets(state.players, i,
                                                                 tuple(map(len, state.hands)))]
    if phase == MATCH:
        return [*(vs.Match(seat, s) for s in slots), vs.Pass(seat)]
    if phase == CALL:
        return [vs.Call(seat), vs.EndTurn(seat)]
    raise AssertionError(f"unknown phase {phase!r}")


def vision_targets(players: tuple[str, ...], sizes: tuple[int, ...]) -> list[tuple[str, int]]:
    """The cards a Vision may look at (``vaiko/vision``), the hands holding ``sizes`` cards:
    every card, as (owner, slot), unsorted."""
    return [(p, s) for j, p in enumerate(players) for s in range(sizes[j])]


def exchange_targets(players: tuple[str, ...], i: int, sizes: tuple[int, ...]
                     ) -> list[tuple[str, int, str, int]]:
    """The swaps seat ``i``'s Échange may make (``vaiko/echange``), the hands holding ``sizes``
    cards, as (owner_a, slot_a, owner_b, slot_b), unsorted: one of its cards with another
    player's, or two other players' cards."""
    seat, n = players[i], len(players)
    out = [(seat, s, players[j], t) for s in range(sizes[i])
           for j in range(n) if j != i for t in range(sizes[j])]
    others = [j for j in range(n) if j != i]
    out += [(players[a], s, players[b], t) for x, a in enumerate(others) for b in others[x + 1:]
            for s in range(sizes[a]) for t in range(sizes[b])]
    return out


def _bad_field(action: ActionBase) -> IllegalAction:
    for f in fields(action):
        value = getattr(action, f.name)
        if f.type == "int" and type(value) is not int:
            return IllegalAction(f"Numéro de carte illisible : {short_repr(value)} (un nombre "
                                 "entier est attendu).", C_ORDER)
        if f.type == "str" and type(value) is not str:
            return IllegalAction(f"Nom illisible : {short_repr(value)} (un nom de joueur est "
                                 "attendu).", C_PLAYERS)
    raise AssertionError("a well-typed action")


def _explain(state: State, action: object) -> IllegalAction:
    """Why ``action`` is not among the legal actions (called only once legality said no)."""
    if not isinstance(action, ACTION_TYPES):
        return IllegalAction(f"Action inconnue pour Vaiko : {short_repr(action, 60)}.", C_ORDER)
    if not action.well_typed():
        return _bad_field(action)
    i = seat_index(state, action.seat)
    who = action.seat
    if state.phase == OVER:
        return IllegalAction("La partie est terminée : plus aucune carte ne se joue.", C_END)
    now = state.players[state.acting]
    if isinstance(action, vs.Match) and state.phase != MATCH:
        top = state.deck.cards[state.discard[-1]] if state.discard else None
        if top is not None and top.effect == "rejouer":
            return IllegalAction("La carte ×2 ne se défausse jamais immédiatement : personne ne "
                                 "peut la jeter par-dessus.", C_MATCH)
        return IllegalAction("Aucune défausse immédiate n’est ouverte : on ne peut jeter une "
                             "carte identique que juste après une défausse.", C_MATCH)
    if state.acting != i:
        if state.phase == MATCH and i not in state.window:
            if state.variant.matches == "one":
                return IllegalAction(f"Défausse immédiate : {who} a déjà eu sa chance sur cette "
                                     "carte, et dans cette variante chacun jette au plus une "
                                     f"carte par défausse ; c’est {fr.to(now)} de tenter sa "
                                     "chance ou de passer.", C_V_ONE)
            return IllegalAction(f"Défausse immédiate : {who} a déjà eu sa chance sur cette "
                                 f"carte ; c’est {fr.to(now)} de tenter sa chance ou de "
                                 "passer.", C_MATCH)
        if state.phase == MATCH:
            return IllegalAction(f"Défausse immédiate : c’est {fr.to(now)} de tenter sa chance "
                                 f"ou de passer ; le tour {fr.of(who)} viendra.", C_MATCH)
        if state.phase == PEEK:
            return IllegalAction(f"C’est {fr.to(now)} de regarder une de ses cartes.", C_PEEK)
        return IllegalAction(f"Ce n’est pas {fr.to(who)} de jouer : c’est {fr.to(now)}.",
                             C_ORDER)
    return _explain_own(state, action, i)


def _bad_slot(slot: int, owner: str, count: int, clause: str) -> IllegalAction | None:
    if not 0 <= slot < count:
        shown = fr.number(slot + 1) if slot >= 0 else short_repr(slot)
        return IllegalAction(f"{owner} n’a pas de carte n° {shown} (cartes 1 à {count}).",
                             clause)
    return None


def _explain_own(state: State, action: Action, i: int) -> IllegalAction:
    """Why the seat that must act cannot take ``action`` (a well-typed action)."""
    who = action.seat
    phase = state.phase
    slots = len(state.hands[i])
    if isinstance(action, vs.LookHand):
        if state.variant.look != "before_swap":
            return IllegalAction(f"{who} n’a pas le droit de regarder ses cartes : seule la "
                                 "carte piochée se regarde.", C_V_LOOK)
        if phase == LOOKED:
            return IllegalAction(f"{who} a déjà regardé ses cartes : il faut maintenant "
                                 "échanger.", C_LOOK)
    if isinstance(action, vs.Discard) and phase == LOOKED:
        return IllegalAction(f"{who} a regardé ses cartes : il faut échanger, plus question de "
                             "jeter directement la carte piochée.", C_LOOK)
    if isinstance(action, vs.Discard) and phase == DECIDE and state.drawn_from == "discard":
        return IllegalAction("Une carte prise dans la défausse doit être échangée avec une de "
                             "ses cartes.", C_V_DISCARD)
    if isinstance(action, vs.Draw) and phase == DRAW:
        if action.source == "discard" and state.variant.draw_from == "deck_or_discard":
            return IllegalAction("La défausse est vide : il faut piocher.", C_V_DISCARD)
        if action.source == "discard":
            return IllegalAction("Dans la lecture retenue, on pioche seulement dans la pioche, "
                                 "pas dans la défausse.", C_DRAW)
        return IllegalAction(f"Source inconnue {short_repr(action.source)} : "
                             f"{fr.quote('deck')} (la pioche) ou {fr.quote('discard')} "
                             "(la défausse).", C_DRAW)
    if isinstance(action, vs.Swap) and phase in (DECIDE, LOOKED):
        return _bad_slot(action.slot, who, slots, C_SWAP) or generic(state, who, phase)
    if isinstance(action, vs.Peek) and phase == PEEK:
        return _bad_slot(action.slot, who, slots, C_PEEK) or generic(state, who, phase)
    if isinstance(action, vs.Match) and phase == MATCH:
        return _bad_slot(action.slot, who, slots, C_MATCH) or generic(state, who, phase)
    if isinstance(action, vs.Look) and phase == VISION:
        if action.owner not in state.players:
            return IllegalAction(f"Aucun joueur ne s’appelle {short_repr(action.owner)}.",
                                 C_VISION)
        j = state.players.index(action.owner)
        return (_bad_slot(action.slot, action.owner, len(state.hands[j]), C_VISION)
                or generic(state, who, phase))
    if isinstance(action, vs.Exchange) and phase == EXCHANGE:
        return _explain_exchange(state, action)
    if isinstance(action, (vs.Call, vs.EndTurn)) and phase != CALL:
        return IllegalAction(f"On annonce {fr.quote('Vaiko')} (ou on finit son tour) "
                             "seulement à la fin de son tour, après avoir joué sa carte, et une "
                             "seule annonce par manche.", C_CALL)
    return generic(state, who, phase)


def _explain_exchange(state: State, action: vs.Exchange) -> IllegalAction:
    for owner, slot in ((action.owner_a, action.slot_a), (action.owner_b, action.slot_b)):
        if owner not in state.players:
            return IllegalAction(f"Aucun joueur ne s’appelle {short_repr(owner)}.", C_EXCHANGE)
        j = state.players.index(owner)
        problem = _bad_slot(slot, owner, len(state.hands[j]), C_EXCHANGE)
        if problem is not None:
            return problem
    if action.owner_a == action.owner_b:
        return IllegalAction("Échange : les deux cartes doivent appartenir à deux joueurs "
                             "différents.", C_EXCHANGE)
    if action.seat == action.owner_b:
        return IllegalAction("Échange : mettez votre propre carte en premier (owner_a).",
                             C_EXCHANGE)
    return generic(state, action.seat, state.phase)


def generic(state: State, who: str, phase: str) -> IllegalAction:
    """What ``who`` is expected to do now, as the reason for refusing anything else."""
    expected = {
        PEEK: (f"{who} doit d’abord regarder une de ses cartes.", C_PEEK),
        DRAW: (f"{who} doit d’abord piocher une carte.", C_DRAW),
        DECIDE: (f"{who} doit échanger la carte piochée avec une de ses cartes, ou la jeter.",
                 C_SWAP),
        LOOKED: (f"{who} doit échanger la carte piochée avec une de ses cartes.", C_LOOK),
        VISION: (f"{who} doit d’abord regarder une carte (effet Vision).", C_VISION),
        EXCHANGE: (f"{who} doit d’abord échanger deux cartes (effet Échange).", C_EXCHANGE),
        MATCH: (f"Défausse immédiate : {who} peut jeter une de ses cartes ou passer.", C_MATCH),
        CALL: (f"{who} a joué sa carte et peut dire {fr.quote('Vaiko')} ou finir son tour.",
               C_CALL),
    }
    reason, clause = expected[phase]
    return IllegalAction(reason, clause)


class Legality:
    """Who may do what, as methods of the game's class (:class:`~.game.Vaiko`): who acts, the legal
    actions, whether one is legal and why not, and the end of the game; the helpers above stay
    functions."""

    def is_over(self, state: State) -> bool:
        """True once a player's total has reached 70 at the end of a round (``vaiko/fin``)."""
        return state.phase == OVER

    def current_seats(self, state: State) -> tuple[str, ...]:
        """The player expected to act now (one at a time, even out of turn in the window)."""
        if state.phase == OVER:
            return ()
        return (state.players[state.acting],)

    def legal_actions(self, state: State, seat: str) -> tuple[Action, ...]:
        """Every action ``seat`` may take now, sorted; empty if it has nothing to do.

        This is the only legality rule: the game's :meth:`~tutor.engine.api.Game.apply` refuses
        anything not listed here.
        """
        i = index_of(state.players, seat)
        if state.phase == OVER or state.acting != i:
            return ()
        return legal_now(state, i)[0]

    def is_legal(self, state: State, action: object) -> bool:
        """Whether ``action`` is among :meth:`legal_actions`: same kind, same fields, and every
        field of exactly its type (``Swap("Alex", 1.0)`` is not ``Swap("Alex", 1)``). One of the
        very actions :meth:`legal_actions` listed (what a playout plays) is found by identity."""
        if state.phase != OVER:
            listed = legal_now(state, state.acting)  # held: the ids it holds stay its actions'
            if id(action) in listed[2]:
                return True
        if not isinstance(action, ACTION_TYPES) or not action.well_typed():
            return False
        if action.seat not in state.players:
            return False
        i = state.players.index(action.seat)  # legal_actions' own test, then the same actions
        return state.phase != OVER and state.acting == i and action in legal_now(state, i)[1]

    def refusal(self, state: State, action: object) -> IllegalAction:
        """Why ``action`` is not among the legal actions (called only once legality said no),
        citing the clause it breaks."""
        return _explain(state, action)

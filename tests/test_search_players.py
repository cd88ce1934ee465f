"""« Une question ? » in the players' own words (issue 56): the items the issue quotes, the
scope of a question, numbers, symbols, typos and lemmas, the answer on the card, « Essayer sur
la table », and the static site's search (the wheel it ships) giving the served results.

The figures on the whole question set (tuning and held-out halves) are ``make bench``'s
(``tests/bench/questions.py``): a test here asserts what must hold of each item, not a rate."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests import search_eval
from tutor import rules, search
from tutor.engine import scenario as sc
from tutor.games import GAMES
from tutor.ui import question

#: the items the issue quotes as failing, each on its page (tuning half by construction)
ISSUE_ITEMS = [q for q in search_eval.load() if q.author == "learners-issue-56"]


def _key(word: str) -> str:
    """The index key of a word that is not a stop word."""
    key = search._word_key(word)
    assert key is not None, f"« {word} » is a stop word"
    return key


def _clauses(query: str, page: str | None, limit: int = 3) -> list[str]:
    return [r.doc.clause for r in search.index().search(query, limit=limit, game=page)]


def test_the_question_set_is_large_split_once_and_names_only_real_clauses() -> None:
    questions = search_eval.load()
    mine = [q for q in questions if q.author == "issue-56"]
    assert len([q for q in questions if q.source == "questions"]) >= 400
    assert {q.half for q in questions} == {"tuning", "heldout"}
    # the split stored in the data: half of the questions written for the issue each way
    assert abs(sum(q.half == "heldout" for q in mine) - len(mine) / 2) <= 1
    # the reader's questions are all held out; the ones already tuned on, all tuning
    assert all(q.half == "heldout" for q in questions if q.author == "reader")
    # the new learners' questions: a file of their own, all held out, by authors of their own,
    # none of them a question of the tuning half, each page asked about
    learners = [q for q in questions if q.source == "learners"]
    assert len(learners) >= 150 and all(q.half == "heldout" for q in learners)
    assert {q.author for q in learners}.isdisjoint(
        q.author for q in questions if q.source != "learners")
    tuned = {search.fold(q.q) for q in questions if q.half == "tuning"}
    assert not any(search.fold(q.q) in tuned for q in learners)
    # their pages: the Accueil and listed games (a game with no question of its own is checked
    # by its own clauses' titles and readings: test_search.py::test_index_check_is_clean)
    assert "accueil" in {q.page for q in learners} <= set(search_eval.PAGES)
    subsets = search_eval.subsets(questions)
    assert subsets["learners"] == learners
    assert not set(map(id, learners)) & set(map(id, subsets["heldout"] + subsets["tuning"]))
    assert all(q.half == "tuning" for q in questions
               if q.author in ("index-makers", "learners-issue-56", "tuning-vautours",
                               "tuning-players"))
    # the second batch on Stupides Vautours, written to tune that page: tuning only, never split
    assert len([q for q in questions if q.author == "tuning-vautours"]) >= 80
    assert "accueil" in {q.page for q in questions} <= set(search_eval.PAGES)
    for q in questions:
        assert q.expect and all(rules.clause_exists(c) for c in q.expect), q


@pytest.mark.parametrize("item", ISSUE_ITEMS, ids=lambda q: f"{q.page}:{q.q}")
def test_every_item_the_issue_quotes_finds_its_clause_in_the_top_three(
        item: search_eval.Question) -> None:
    assert set(item.expect) & set(_clauses(item.q, item.game)), _clauses(item.q, item.game)


def test_the_issue_quotes_every_failing_item() -> None:
    said = {q.q for q in ISSUE_ITEMS}
    for words in ("ex aequo", "la même carte", "on peut jouer à 2 ?", "x2",
                  "rajouter des cartes à ma chasse", "une carte pas pareille",
                  "la pioche est finie", "personne n'a de rouge", "on rend les bâtonnets",
                  "j'ai déjà une chasse verte et j'en pose une autre verte"):
        assert words in said


def test_a_game_page_lists_its_own_game_only() -> None:
    for page in search.GAMES:
        for query in ("egalite qui gagne", "combien de cartes", "qui commence"):
            assert {c.split("/")[0] for c in _clauses(query, page, limit=8)} == {page}


def test_a_question_naming_another_game_goes_there() -> None:
    assert _clauses("vaiko qui commence", "vautours")[0].startswith("vaiko/")
    assert {c.split("/")[0] for c in _clauses("vampir joker", "vaiko", 8)} == {"vampir"}


def test_nothing_of_this_game_matches_then_the_others_answer() -> None:
    # « bâtonnets » are Drahtseilakt's only: asked on the Vampir page, it answers anyway
    found = _clauses("batonnets bleus", "vampir")
    assert found and found[0] == "drahtseilakt/bleus"


def test_on_the_accueil_a_game_named_scopes_the_question() -> None:
    for query, game in (("ex aequo aux vautours", "vautours"),
                        ("stupides vautours meme carte", "vautours"),
                        ("drahtseilakt qui commence", "drahtseilakt"),
                        ("vampire qui commence", "vampir")):
        assert {c.split("/")[0] for c in _clauses(query, None, 8)} == {game}, query
    # no game named: every game may answer
    assert len({c.split("/")[0] for c in _clauses("qui commence", None, 8)}) > 1


def test_the_games_and_their_names_come_from_the_registry() -> None:
    assert search.GAMES == tuple(g for g, info in GAMES.items() if info.listed)
    names = search.game_names()
    assert set(names) == set(search.GAMES)
    for g, info in GAMES.items():
        if info.listed:
            assert names[g][0] == info.title and set(info.aliases) <= set(names[g])


def test_numbers_and_the_times_sign_are_folded() -> None:
    assert search.tokens("deux") == search.tokens("2")
    assert search.tokens("quinze") == search.tokens("15")
    assert search.tokens("la 2e manche") == search.tokens("la deuxième manche")
    x2 = search.tokens("×2")
    assert x2 == search.tokens("x2") == search.tokens("X2") == search.tokens("fois deux")
    assert x2 != search.tokens("2")
    # « à 2 » asks how many players, not about the card ×2
    assert "vaiko/x2" not in _clauses("on peut jouer à 2 ?", "vaiko")
    assert _clauses("x2", "vaiko")[0] == "vaiko/x2"


def test_a_typo_reads_as_the_indexed_word_one_edit_away() -> None:
    assert _clauses("carte visoin", "vaiko")[0] == "vaiko/vision"
    assert "vautours/egalite" in _clauses("egualité", "vautours")
    assert _clauses("joker somwhere", "vampir")[0] == "vampir/jokers"
    index = search.index()
    assert index.typos("visoin") == search.tokens("vision")
    assert index.typos("vision") == []  # a word the index knows is not a typo
    assert index.typos("vis") == []  # too short to guess


def test_one_edit() -> None:
    edit = search._one_edit
    assert edit("vision", "visoin") and edit("chase", "chasse") and edit("carte", "carté")
    assert not edit("vision", "visons!") and not edit("pile", "plie!") and not edit("a", "abc")


def test_forms_of_one_word_share_their_lemma() -> None:
    key = _key
    assert key("rend") == key("rendre") == key("rendent")
    assert key("mis") == key("mettre") == key("mettent")
    assert key("vaut") == key("valent")


def test_the_lemma_table_is_the_one_simplemma_gives() -> None:
    pytest.importorskip("simplemma")
    assert search.lemma_table() == search.lemmas(), "python -m tutor.search lemmes"


def test_the_lemma_table_holds_words_no_rule_file_uses() -> None:
    """A new game's words are in the shipped table: it is the whole dictionary's, not the rule
    files' (a game added to the registry needs no table regenerated)."""
    written = {search.surface(w) for g in search.GAMES for d in search.documents(rules.load(g))
               for w in search.words(f"{d.title} {d.text}")}
    key = search._word_key
    for form, lemma in (("boivent", "boire"), ("peignit", "peindre"), ("vainquit", "vaincre")):
        assert form not in written and search.lemmas()[form] == lemma
        assert key(form) == key(lemma)


def test_a_long_question_is_cut() -> None:
    filler = "quelle " * (search.MAX_QUERY // 7 + 1)
    assert _clauses(filler + "carte vision", "vaiko", 8) == _clauses(filler, "vaiko", 8)
    assert search.index().search("vision " * 100_000, game="vaiko")[0].doc.clause == "vaiko/vision"


@pytest.mark.parametrize(("said", "how_many"), [
    ("a six c'est possible ?", True), ("on peut jouer à 2 ?", True), ("vaiko à 7 joueurs", True),
    ("drahtseilakt a deux", True), ("les cartes vont de 0 à 10 ?", False),
    ("jusqu'à 5", False), ("ça vaut à 2 points", False), ("je passe à 2 bâtons", False),
    ("on est 6 potes, ça passe ?", True), ("nous sommes cinq", True), ("6 amis", True),
    ("on est 2 points devant", False), ("on est à égalité", False), ("on est 14 à la fin", False),
])
def test_a_number_after_a_says_how_many_play(said: str, how_many: bool) -> None:
    assert search.asks_how_many(said) is how_many
    players = _key("joueurs")
    assert (players in dict(search.index().expand_query(said))) is (
        how_many or players in search.tokens(said))


def test_how_many_counts_the_players_even_when_a_synonym_said_them_less() -> None:
    """« on peut jouer à six ? »: « jouer » reaches « joueurs » as a synonym, at its weight;
    « à six » asks how many play, and « joueurs » counts at the weight that says so."""
    players = _key("joueurs")
    assert dict(search.index().expand_query("on peut jouer ?"))[players] == search.SYNONYM_WEIGHT
    asked = dict(search.index().expand_query("on peut jouer à six ?"))
    assert asked[players] == search.HOW_MANY_WEIGHT > search.SYNONYM_WEIGHT
    assert _clauses("on peut jouer à six ?", "vautours")[0] == "vautours/joueurs"


def test_a_word_the_pages_rules_never_use_says_it_through_its_synonyms(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """« mélanger »: Vaiko's rules say it, Stupides Vautours' say « battre » (its synonym); on
    the Vautours page the question's word finds nothing, so « battre » counts more there."""
    idx = search.index()
    mix, shuffle = _key("mélange"), _key("bat")
    assert {idx.docs[i].game for i in idx.postings[mix]}.isdisjoint({"vautours"})
    assert "vautours" in {idx.docs[i].game for i in idx.postings[shuffle]}
    query = "on mélange les cartes points ?"
    found = idx.search(query, game="vautours")
    assert found[0].doc.clause == "vautours/pioche"
    monkeypatch.setattr(search, "ALONE_WEIGHT", search.SYNONYM_WEIGHT)
    assert idx.search(query, game="vautours")[0].score < found[0].score


@pytest.mark.parametrize(("said", "tie"), [
    ("deux 15 et un 10, c'est le 10 qui gagne ?", True), ("trois 9", True),
    ("j'ai mis 2 et Paul 2 aussi, Julie 6", True), ("+3 et -3 ça fait 0", False),
    ("les cartes vont de 1 à 15", False), ("on peut jouer à 2 ?", False),
    ("trois joueurs posent un 9", False), ("j'ai joué 11 et mon pote aussi", True),
    ("mon 9, et lui pareil", True), ("on peut jouer à 2 aussi ?", False),
    ("les cartes de 1 à 15 et les souris aussi ?", False),
])
def test_a_number_said_twice_or_counted_tells_of_a_tie(said: str, tie: bool) -> None:
    assert search.says_a_tie(said) is tie
    key = search.index().key("égalité")
    assert (key in dict(search.index().expand_query(said))) is (
        tie or key in search.index().keys(said))


def test_a_signed_number_says_negative_or_positive() -> None:
    idx = search.index()
    minus, plus = _key("négative"), _key("positive")
    assert minus in dict(idx.expand_query("le −2 qui le prend"))
    # said with its sign, a card is that kind of card: as much as the word itself
    assert dict(idx.expand_query("qui ramasse le -3"))[minus] == search.SIGN_WEIGHT > 0.5
    assert minus in dict(idx.expand_query("le -2 qui le prend"))
    assert plus in dict(idx.expand_query("+5 qui le prend"))
    assert minus not in dict(idx.expand_query("les cartes 1-5"))  # a range, not a sign
    assert plus not in dict(idx.expand_query("le 5 qui le prend"))


def test_a_positive_and_a_negative_card_together_say_a_sum() -> None:
    """« +4 et -2 au milieu »: two cards of both signs make a pile played by its sum."""
    idx = search.index()
    total = _key("somme")
    assert dict(idx.expand_query("+4 et -2 au milieu, qui les prend"))[total] == search.SUM_WEIGHT
    assert total not in dict(idx.expand_query("le -2 et le -4 qui les prend"))
    assert total not in dict(idx.expand_query("+4 et +2 qui les prend"))
    assert _clauses("deux cartes au milieu +4 et -2, on les joue comment ?",
                    "vautours")[0] == "vautours/somme"


def test_modal_verbs_say_nothing_about_the_question() -> None:
    assert search.tokens("je peux piocher, on veut piocher, ils peuvent") == ["pioch"] * 2
    assert _clauses("je peux piocher", "vampir", 8) == _clauses("piocher", "vampir", 8)


def test_a_booklets_name_is_not_the_card_it_is_named_after() -> None:
    idx = search.index()
    card = idx.key("souris")
    booklet = idx.keys(search.booklets("le livret\u202f«\u202fsouris\u202f» dit"))
    assert card not in booklet and len(booklet) == 3  # livret, the booklet, dire
    assert {"souris", "suricate"} <= idx.booklet_names
    # a question says the booklet's name with or without the quotes, after « livret »,
    # « édition » or « version »; « souris » alone is the card
    for said in ("le livret souris", "l’édition « souris »", "la version souris"):
        assert booklet[1] in idx.query_keys(said), said
    assert idx.query_keys("qui prend la souris") == idx.keys("qui prend la souris")
    assert booklet[1] not in idx.keys("qui prend la souris")


def test_two_names_of_one_thing_are_one_word(tmp_path: Path) -> None:
    idx = search.index()
    # the two editions' names of the card: one key, in the rules and in a question alike
    assert idx.key("souris") == idx.key("Suricate") == idx.keys("les souris")[0]
    assert "vautours/suricate" in _clauses("qui prend la souris", "vautours")
    assert "<mark>souris</mark>" in idx.search("qui ramasse la souris", game="vautours")[
        0].title_html + "".join(r.title_html for r in idx.search("plus haute souris",
                                                                 game="vautours"))
    f = tmp_path / "synonymes.toml"
    f.write_text("[[meme]]\nmots = [\"pile\", \"tas\"]\n\n[[groupe]]\n"
                 "mots = [\"tas\", \"monceau\"]\n", encoding="utf-8")
    assert search.read_same(f) == {"tas": "pil"}
    assert search.read_synonyms(f) == {"pil": ("monceau",), "monceau": ("pil",)}
    f.write_text("[[meme]]\nmots = [\"pile\", \"gros tas\"]\n", encoding="utf-8")
    with pytest.raises(search.SynonymError, match="un seul mot"):
        search.read_same(f)


def test_on_its_own_page_a_games_one_word_name_is_a_rule_word() -> None:
    # « vautour » names Stupides Vautours (it scopes a question on the Accueil) and is one of
    # its cards: on the game's own page it counts as the card
    assert _clauses("qui se prend le vautour", "vautours", 1) == ["vautours/vautour"]
    assert all(c.startswith("vautours/") for c in _clauses("qui se prend le vautour", None, 8))
    assert all(c.startswith("vautours/") for c in _clauses("vautour qui commence", "vaiko", 8))


def test_a_question_saying_a_readings_own_question_finds_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    idx = search.index()
    asked = "que valent les cartes points"
    reading = next(d for d in idx.docs if d.section == "lecture"
                   and d.display.startswith("Que valent les cartes Points"))

    def score() -> float:
        return next(r.score for r in idx.search(asked, game="vautours")
                    if r.doc.clause == reading.clause)

    with_cover, bonus = score(), search.QUESTION_COVER
    monkeypatch.setattr(search, "QUESTION_COVER", 0.0)
    # every word of the reading's question said: the whole bonus
    assert bonus > 0 and with_cover - score() == pytest.approx(bonus)
    monkeypatch.undo()
    assert _clauses(asked, "vautours", 1) == [reading.clause]


def test_combien_asks_for_a_number(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = "combien de cartes vautour dans le jeu"
    before = {r.doc.clause: r.score for r in search.index().search(asked, game="vautours")}
    monkeypatch.setattr(search, "COUNT_BONUS", 0.0)
    after = {r.doc.clause: r.score for r in search.index().search(asked, game="vautours")}
    # « Quinze cartes Points … dix cartes Suricate … cinq cartes Vautour » gives the numbers;
    # « Une carte Vautour va à la plus faible carte » none
    assert before["vautours/cartes-points"] == pytest.approx(after["vautours/cartes-points"] * 1.15)
    assert before["vautours/vautour"] == pytest.approx(after["vautours/vautour"])
    monkeypatch.undo()
    assert "vautours/cartes-points" in _clauses(asked, "vautours", 2)


def test_words_next_to_each_other_count_as_a_pair() -> None:
    idx = search.index()
    doc = next(i for i, d in enumerate(idx.docs) if d.clause == "vautours/cartes-points"
               and d.section == "article")
    pair = (_key("cartes"), _key("Points"))
    assert pair in idx._pairs[doc]
    # capped at its commoner word's rarity; none for words never next to each other
    assert 0 < idx.pair_idf(*pair) <= min(idx.idf[k] for k in pair)
    assert idx.pair_idf(_key("vision"), _key("suricate")) == 0
    # the pair in order scores the clause more than the same words apart
    together = {r.doc.clause: r.score for r in idx.search("carte points", 20, "vautours")}
    apart = {r.doc.clause: r.score for r in idx.search("points carte", 20, "vautours")}
    assert together["vautours/cartes-points"] > apart["vautours/cartes-points"]


@pytest.mark.parametrize(("query", "page", "clause", "words"), [
    ("quand est ce qu on peut dire vaiko", "vaiko", "vaiko/annonce", "peut dire « Vaiko »"),
    ("celui qui a le moins de tetes dans une couleur", "vampir", "vampir/decompte-par-couleur",
     "défausse sa chasse"),
    ("je peux prendre les cartes sous un lieu ?", "vampir", "vampir/recuperer",
     "prendre en main toutes les cartes"),
    ("carte vision elle fait quoi", "vaiko", "vaiko/vision", "on regarde en secret"),
    ("+3 et -3 sur la pile ca vaut zero", "vautours", "vautours/somme", "zéro ou plus"),
])
def test_the_card_shows_the_rule_sentence_that_answers(
        query: str, page: str, clause: str, words: str) -> None:
    (found,) = [r for r in search.index().search(query, game=page) if r.doc.clause == clause]
    article = next(d for d in search.index().docs
                   if d.clause == clause and d.section == "article")
    assert found.answer in search.sentences(article.text) and words in found.answer
    assert "<mark>" in found.answer_html
    _, items = question.search_results(query, page, limit=8)
    card = items[items.index(f'data-clause="{clause}"'):]
    card = card[:card.index("</li>")]
    answer = re.search(r'<p class="tv-question-answer">(.*?)</p>', card)
    assert answer and "<mark>" in answer.group(1)
    # the readings come after, as second lines
    if "tv-question-reading" in card:
        assert card.index("tv-question-answer") < card.index("tv-question-reading")


def test_a_clause_without_rule_text_answers_with_its_reading() -> None:
    (found, *_) = search.index().search("la pioche est vide on fait quoi", game="vaiko")
    assert found.doc.clause == "vaiko/pioche-epuisee"
    assert "le tuteur retient" in found.answer.lower() or "tuteur" in found.answer


def test_essayer_sur_la_table_opens_the_scenario_position() -> None:
    _, items = question.search_results("+3 et -3 sur la pile ca vaut zero", "vautours")
    match = re.search(r'class="tv-question-try" href="([^"]+)"[^>]*>Essayer sur la table<', items)
    assert match
    href = match.group(1)
    notebook, rest = href.split("?", 1)
    assert notebook == GAMES["vautours"].notebook and rest.endswith("#tutor-scenario")
    code = rest.removeprefix("scenario=").removesuffix("#tutor-scenario")
    engine = GAMES["vautours"].engine()
    example = rules.load("vautours").examples["vautours/ex-scenario-triple-egalite"]
    built = sc.build(engine, sc.read(engine, example.data, "vautours", extra=sc.EXAMPLE_KEYS))
    assert sc.decode_link(engine, code, "vautours").state == built.state
    # a clause no scenario shows has no such link
    assert question.table_link("vautours", "vautours/joueurs") is None


def test_the_static_sites_search_gives_the_served_results(tmp_path: Path) -> None:
    """The static site runs the tutor's wheel in Pyodide (``tutor.static.build.tutor_wheel``);
    installed alone, that wheel's search ranks every question of the set as the served one,
    without simplemma (the lemmas ship as a table) or anything Pyodide would not have."""
    from tutor.static import build

    wheel = build.tutor_wheel(tmp_path / "wheel")
    names = zipfile.ZipFile(wheel).namelist()
    assert "tutor/lemmes.tsv" in names and "tutor/rules_data/synonymes.toml" in names
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target",
                    str(site), str(wheel)], check=True, capture_output=True)
    asked = [(q.q, q.game) for q in search_eval.load()]
    (tmp_path / "asked.json").write_text(json.dumps(asked), encoding="utf-8")
    code = (
        "import json, sys\n"
        "before = set(sys.modules)\n"
        "from tutor import search\n"
        "asked = json.load(open(sys.argv[1], encoding='utf-8'))\n"
        "got = [[r.doc.clause for r in search.index().search(q, game=g)] for q, g in asked]\n"
        "new = {m.split('.')[0] for m in set(sys.modules) - before}\n"
        "third = sorted(new - set(sys.stdlib_module_names))\n"
        "print(json.dumps({'where': search.__file__, 'got': got, 'third': third,\n"
        "                  'lemmas': len(search.lemmas())}))\n"
    )
    out = subprocess.run([sys.executable, "-s", "-c", code, str(tmp_path / "asked.json")],
                         capture_output=True, text=True, cwd=tmp_path,
                         env={"PYTHONPATH": str(site)}, check=False)
    assert out.returncode == 0, out.stderr
    shipped = json.loads(out.stdout)
    assert Path(shipped["where"]).is_relative_to(site)
    assert shipped["lemmas"] == len(search.lemmas()) > 1000
    served = [[r.doc.clause for r in search.index().search(q, game=g)] for q, g in asked]
    assert shipped["got"] == served
    # what the search imports beyond the standard library: the tutor and what the static
    # build ships for it (the lock's extra wheels)
    assert set(shipped["third"]) - {"tutor"} <= set(build.EXTRA_PACKAGES)
    assert "simplemma" not in shipped["third"]

"""Command line: ``python -m tutor check FILE...`` validates rule files (and replays their
examples, and the summary « La règle en une minute » that ends each) and game data files;
``python -m tutor app`` serves the tutor with Voilà."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from tutor import minute, rules, search
from tutor.engine.examples import ExampleError
from tutor.games import GAMES


def check(paths: Sequence[str]) -> int:
    """Validate each rule file and replay its worked examples; return the process exit code."""
    failures = 0
    for path in paths:
        if Path(path).name == search.SYNONYMS_FILE:
            failures += check_search(path) + check_typography(path, toml=True)
            continue
        if path.endswith(".toml"):
            failures += check_data_file(path) + check_typography(path, toml=True)
            continue
        failures += check_typography(path)
        try:
            book = rules.read(path)
        except rules.RulesError as exc:
            for problem in exc.problems:
                print(f"ERREUR {problem}")
            failures += 1
            continue
        if book.game not in GAMES:
            print(f"ERREUR {path}:1: jeu inconnu « {book.game} » "
                  f"(jeux connus : {', '.join(GAMES)})")
            failures += 1
            continue
        failures += check_minute(path, book)
        engine = GAMES[book.game].engine()
        passed = 0
        for example in book.examples.values():
            where = f"{path}:{example.line}: exemple « {example.id} »"
            try:
                run = engine.run_example(example.data)
            except ExampleError as exc:
                print(f"ERREUR {where} mal formé : {exc}")
                continue
            except Exception as exc:  # a malformed example the engine did not foresee
                print(f"ERREUR {where} illisible ({type(exc).__name__} : {exc})")
                continue
            if run.ok:
                passed += 1
            for mismatch in run.mismatches:
                print(f"ÉCHEC {where} : {mismatch}")
        total = len(book.examples)
        print(f"{path} : {len(book.clauses)} articles, {passed}/{total} exemples vérifiés.")
        if passed != total:
            failures += 1
    return 1 if failures else 0


def check_typography(path: str, toml: bool = False) -> int:
    """Report the French typography faults of a rule, summary or (``toml``) data file as
    written (an ordinary space before « ; : ! ? » or inside « », a straight apostrophe); return
    0 or 1."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return 0  # reported by the file's own check
    faults = rules.typography_faults(text, toml)
    for line, reason in faults:
        print(f"ERREUR {path}:{line}: typographie : {reason}")
    return 1 if faults else 0


def check_search(path: str) -> int:
    """Validate the synonyms of « Une question ? » and the index they go with: every synonym
    leads to an indexed word, every clause is found by a question; return 0 or 1."""
    try:
        index = search.build([rules.load(g) for g in search.GAMES], path)
    except (search.SynonymError, rules.RulesError) as exc:
        print(f"ERREUR {exc}")
        return 1
    problems = search.check(index)
    for problem in problems:
        print(f"ERREUR {path} : {problem}")
    print(f"{path} : {len(index.synonyms)} mots avec synonymes, {len(index.docs)} textes indexés.")
    return 1 if problems else 0


def check_minute(path: str, book: rules.RuleBook) -> int:
    """Validate the « La règle en une minute » that ends the rule file at ``path`` against its
    rules, ``book``; return the number of failures (0 or 1)."""
    try:
        summary = minute.read(path, book)
    except rules.RulesError as exc:
        for problem in exc.problems:
            print(f"ERREUR {problem}")
        return 1
    required = len(book.meta.get(minute.REQUIRED, []))
    print(f"{path} : résumé de {len(summary.lines)} lignes sur {minute.MAX_LINES}, "
          f"{summary.rows} rangées d’écran sur {minute.MAX_ROWS}, chaque article cité existe, "
          f"{required} points d’une première partie dits.")
    return 0


def check_data_file(path: str) -> int:
    """Validate a game data file (a Vaiko deck file); return the number of failures (0 or 1)."""
    for info in GAMES.values():
        try:
            summary = info.engine().read_data_file(path)
        except ValueError as exc:
            print(f"ERREUR {exc}")
            return 1
        if summary is not None:
            print(f"{path} : {summary}")
            return 0
    print(f"ERREUR {path}:1: aucun jeu ne lit ce genre de fichier de données")
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tutor",
        description="Outils du tuteur de règles de jeux de cartes.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p_check = sub.add_parser(
        "check", help="vérifie un fichier de règles (et rejoue ses exemples), un paquet ou "
                      "un résumé « La règle en une minute »"
    )
    p_check.add_argument("paths", nargs="+", metavar="FICHIER")
    p_app = sub.add_parser(
        "app", help="sert le tuteur avec Voilà",
        description="Sert le tuteur avec Voilà. En mode classe (--classe N --page PAGE), les "
                    "noyaux des pages de la classe sont préchauffés pour N apprenants avant leur "
                    "arrivée, dans la limite de la mémoire, et le temps mis à être prêt "
                    "s’affiche (« Classe prête »). Variables d’environnement équivalentes : "
                    "TUTOR_CLASSE=N et TUTOR_CLASSE_PAGES=page1,page2.")
    p_app.add_argument("--port", type=int, default=8866)
    p_app.add_argument("--ip", default="127.0.0.1",
                       help="adresse d’écoute (par défaut : boucle locale uniquement)")
    p_app.add_argument("--classe", type=int, metavar="N", default=None,
                       help="nombre d’apprenants attendus (mode classe ; ou TUTOR_CLASSE)")
    p_app.add_argument("--page", action="append", metavar="PAGE", dest="pages",
                       help="page où la classe arrive, par exemple stupides-vautours "
                            "(répétable ; ou TUTOR_CLASSE_PAGES)")
    args = parser.parse_args(argv)
    if args.command == "check":
        return check(args.paths)
    if args.command == "app":
        from tutor.app import classe_from, serve

        return serve(args.port, args.ip, classe_from(args.classe, args.pages))
    return 2  # pragma: no cover - argparse rejects unknown commands


if __name__ == "__main__":
    sys.exit(main())

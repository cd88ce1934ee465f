"""The zero-server build: the notebooks rendered by Voici, run in the browser by Pyodide.

``python -m tutor.static.build`` (what ``make static`` runs) writes ``build/static/``; see
``tutor/static/build.py`` for where every file comes from.
"""

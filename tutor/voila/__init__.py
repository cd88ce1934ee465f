"""The served app's own pieces for Voilà: kernel management (cap, pools, limits) in
:mod:`tutor.voila.kernels`, request guards in :mod:`tutor.voila.guards`, and the ``tutor`` page
template in ``templates/tutor``."""

import sys

# jupyter_server validates its events with jsonschema, whose format checkers import
# rfc3987_syntax when it is installed (jupyter_events asks for it): that module builds 38
# parsers as it is imported, most of a second of processor at every server start, for checking
# IRI formats in event schemas that the tutor never emits. Marked missing here, before anything
# imports jupyter_server, jsonschema goes without that one check (docs/server.md).
sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]

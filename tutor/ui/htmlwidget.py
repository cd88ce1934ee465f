"""The one HTML widget of the tutor's pages: whatever markup it is given, its text is set in
French typography (:func:`tutor.fr.typography_html`: narrow no-break spaces before ``; : ! ?``
and inside « », typographic apostrophes), so that no sentence reaches a learner without it,
wherever it was written."""

from __future__ import annotations

from typing import Any

import ipywidgets as w
import traitlets

from tutor import fr


class Html(w.HTML):  # type: ignore[misc]
    """``ipywidgets.HTML`` whose text always follows French typography."""

    @traitlets.validate("value")
    def _french(self, proposal: dict[str, Any]) -> str:
        return fr.typography_html(str(proposal["value"]))

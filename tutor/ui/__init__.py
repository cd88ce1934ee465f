"""The tutor's widgets: the only package that imports ipywidgets.

Notebooks call these constructors; each returns a widget or a displayable object and never calls
``display()`` itself.
"""

from tutor.ui.session import Session
from tutor.ui.widgets import ErrorArea, Explainer, guarded, rule_panel, style

__all__ = ["ErrorArea", "Explainer", "Session", "guarded", "rule_panel", "style"]

"""The table screen: a full-screen prompt_toolkit application over a
:class:`~catan_cli.session.Session`, with the map, the side panel, the narration, the prompt
and the toolbar each in its own pane (the design card's SCREEN.md sketches it).

:mod:`.fragments` turns rich drawings into prompt_toolkit text; :mod:`.panes` builds each
pane's lines for a given size (pure, testable without a terminal); :mod:`.reflow` wraps help
text again for a pane's width; :mod:`.history` is what Up/Down recall (the line mode's file);
:mod:`.app` is the Application, which a server can construct with its own input and output.
"""

from .app import TableScreen

__all__ = ["TableScreen"]

"""The table screen's prompt_toolkit application, shared by the local screen (:mod:`.app`)
and each SSH seat's screen (:mod:`catan_cli.server.tui`): the same panes, the same keys.

The two differ only in where a command goes (the local REPL, or the table's queue) and in
where their fragments come from, so each hands in a :class:`TablePanes`.  Layout, from the
top: the map beside the side tables, the narration, the command line, the toolbar.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

if TYPE_CHECKING:
    from prompt_toolkit.application import Application
    from prompt_toolkit.completion import Completer

#: (side width, map width, height of map and side, narration lines)
PaneSizes = tuple[int, int, int, int]
#: the arrow keys pan the map (when the command line is empty): rows, columns
PANS = {"up": (-3, 0), "down": (3, 0), "left": (0, -6), "right": (0, 6)}


class TablePanes(Protocol):
    scroll: int          # narration lines scrolled back from the newest
    tab: int             # the side tables' page (F2 turns it)
    buffer: Any          # the command line, set by build_table_application

    def pane_sizes(self) -> PaneSizes: ...
    def map_fragments(self) -> list[Any]: ...
    def side_fragments(self) -> list[Any]: ...
    def event_fragments(self) -> list[Any]: ...
    def prompt_fragments(self) -> list[Any]: ...
    def toolbar_fragments(self) -> list[Any]: ...
    def pan(self, dy: int, dx: int) -> None: ...


def build_table_application(panes: TablePanes, completer: "Completer", accept: Callable[[str], bool],
                            end_of_input: Callable[[], None], input: Any, output: Any,
                            **options: Any) -> "Application[None]":
    """The full-screen application: ``accept(text)`` takes a typed line (True keeps it in the
    command line), ``end_of_input()`` answers Ctrl-D on an empty line; ``options`` go to
    prompt_toolkit's ``Application``."""
    from prompt_toolkit.application import Application
    from prompt_toolkit.buffer import Buffer
    from prompt_toolkit.filters import Condition
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.key_binding.bindings.completion import generate_completions
    from prompt_toolkit.layout import Float, FloatContainer, HSplit, Layout, VSplit, Window
    from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
    from prompt_toolkit.layout.dimension import Dimension as D
    from prompt_toolkit.layout.menus import CompletionsMenu

    buffer = Buffer(completer=completer, complete_while_typing=False, history=InMemoryHistory(),
                    multiline=False, accept_handler=lambda buf: accept(buf.text))
    panes.buffer = buffer
    kb = KeyBindings()
    empty = Condition(lambda: not buffer.text)
    kb.add("tab")(generate_completions)

    @kb.add("c-c")
    def _(event: Any) -> None:
        buffer.reset()

    @kb.add("c-d")
    def _(event: Any) -> None:
        if not buffer.text:
            end_of_input()

    for key, (dy, dx) in PANS.items():
        kb.add(key, filter=empty)(lambda event, dy=dy, dx=dx: panes.pan(dy, dx))

    def page() -> int:
        return max(1, panes.pane_sizes()[3] - 2)

    @kb.add("pageup")
    def _(event: Any) -> None:
        panes.scroll += page()

    @kb.add("pagedown")
    def _(event: Any) -> None:
        panes.scroll = max(0, panes.scroll - page())

    @kb.add("f2")
    def _(event: Any) -> None:
        panes.tab += 1

    def size(index: int) -> Callable[[], Any]:
        return lambda: D.exact(panes.pane_sizes()[index])

    body = HSplit([
        VSplit([
            Window(FormattedTextControl(panes.map_fragments), width=size(1), height=size(2), wrap_lines=False),
            Window(width=1, char="│", style="#6c6c6c"),
            Window(FormattedTextControl(panes.side_fragments), width=size(0), height=size(2), wrap_lines=False),
        ]),
        Window(FormattedTextControl(panes.event_fragments), height=size(3), wrap_lines=False),
        VSplit([
            Window(FormattedTextControl(panes.prompt_fragments), dont_extend_width=True, height=1),
            Window(BufferControl(buffer), height=1),
        ]),
        Window(FormattedTextControl(panes.toolbar_fragments), height=1, wrap_lines=False),
    ])
    root = FloatContainer(body, floats=[Float(xcursor=True, ycursor=True,
                                              content=CompletionsMenu(max_height=8, scroll_offset=1))])
    app: Application[None] = Application(layout=Layout(root, focused_element=buffer), key_bindings=kb,
                                         full_screen=True, mouse_support=False, input=input, output=output,
                                         **options)
    return app

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
    from prompt_toolkit.history import History
    from prompt_toolkit.key_binding import KeyBindings

#: (side width, map width, height of map and side, narration lines, side panel lines when the
#: narration sits under the side panel beside the map, 0 when it spans the screen below them)
PaneSizes = tuple[int, int, int, int, int]
#: Shift+arrows pan the map (rows, columns); the plain arrows are the command line's own:
#: Up/Down recall earlier commands, as in the line mode and every shell
PANS = {"s-up": (-3, 0), "s-down": (3, 0), "s-left": (0, -6), "s-right": (0, 6)}
#: the panning keys as 'help' names them, and as the map's title says what they do
PAN_KEY_NAMES = "Shift+arrows"
PAN_KEYS = f"{PAN_KEY_NAMES} pan"


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
                            end_of_input: Callable[[], None], input: Any, output: Any, *,
                            history: "History | None" = None, interrupt: Callable[[], None] | None = None,
                            keys: "KeyBindings | None" = None, **options: Any) -> "Application[None]":
    """The full-screen application: ``accept(text)`` takes a typed line (True keeps it in the
    command line), ``end_of_input()`` answers Ctrl-D on an empty line, ``interrupt()`` Ctrl-C
    (after the line is cleared); ``history`` is what Up/Down recall (in memory when None),
    ``keys`` more key bindings; ``options`` go to prompt_toolkit's ``Application``.

    When ``pane_sizes()`` gives the map no lines, the map and the side panel are hidden and the
    event pane has the screen (the table screen's reader).  When it gives the side panel its
    own height (a wide terminal whose map leaves a column free), the event pane goes under the
    side panel, beside the map, instead of under both."""
    from prompt_toolkit.application import Application
    from prompt_toolkit.buffer import Buffer
    from prompt_toolkit.filters import Condition
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings
    from prompt_toolkit.key_binding.bindings.completion import generate_completions
    from prompt_toolkit.layout import ConditionalContainer, Float, FloatContainer, HSplit, Layout, VSplit, Window
    from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
    from prompt_toolkit.layout.dimension import Dimension as D
    from prompt_toolkit.layout.menus import CompletionsMenu

    buffer = Buffer(completer=completer, complete_while_typing=False,
                    history=history if history is not None else InMemoryHistory(),
                    multiline=False, accept_handler=lambda buf: accept(buf.text))
    panes.buffer = buffer
    kb = KeyBindings()
    kb.add("tab")(generate_completions)

    @kb.add("c-c")
    def _(event: Any) -> None:
        buffer.reset()
        if interrupt is not None:
            interrupt()

    @kb.add("c-d")
    def _(event: Any) -> None:
        if not buffer.text:
            end_of_input()

    for key, (dy, dx) in PANS.items():
        kb.add(key)(lambda event, dy=dy, dx=dx: panes.pan(dy, dx))

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

    def side_height() -> Any:
        sizes = panes.pane_sizes()
        return D.exact(sizes[4] or sizes[2])

    beside = Condition(lambda: panes.pane_sizes()[4] > 0)
    body = HSplit([
        ConditionalContainer(VSplit([
            Window(FormattedTextControl(panes.map_fragments), width=size(1), height=size(2), wrap_lines=False),
            Window(width=1, char="│", style="#6c6c6c"),
            HSplit([
                Window(FormattedTextControl(panes.side_fragments), width=size(0), height=side_height,
                       wrap_lines=False),
                ConditionalContainer(Window(FormattedTextControl(panes.event_fragments), width=size(0),
                                            height=size(3), wrap_lines=False), filter=beside),
            ]),
        ]), filter=Condition(lambda: panes.pane_sizes()[2] > 0)),
        ConditionalContainer(Window(FormattedTextControl(panes.event_fragments), height=size(3), wrap_lines=False),
                             filter=~beside),
        VSplit([
            Window(FormattedTextControl(panes.prompt_fragments), dont_extend_width=True, height=1),
            Window(BufferControl(buffer), height=1),
        ]),
        Window(FormattedTextControl(panes.toolbar_fragments), height=1, wrap_lines=False),
    ])
    root = FloatContainer(body, floats=[Float(xcursor=True, ycursor=True,
                                              content=CompletionsMenu(max_height=8, scroll_offset=1))])
    bindings = merge_key_bindings([kb, keys]) if keys is not None else kb
    app: Application[None] = Application(layout=Layout(root, focused_element=buffer), key_bindings=bindings,
                                         full_screen=True, mouse_support=False, input=input, output=output,
                                         **options)
    return app

"""The window is made of parts that never see the whole window (DESIGN §6, issue 19).

A part that receives ``MainWindow`` can reach every member of it, so its real interface is
the whole window and nothing stops the coupling from growing back. This scan fails when a
module under ``pi_desktop/ui/`` defines a function or class that takes the window — a
parameter typed ``MainWindow`` (or ``QMainWindow``), or one named like the window and typed
``Any``/``object``/not at all — or imports ``main_window``, or when ``MainWindow`` inherits a
mixin from another module (a mixin shares the window's private state across files).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

import pi_desktop.ui

UI = Path(pi_desktop.ui.__file__).parent

# The modules that build or drive the whole window by design: the window itself, and the
# ``--smoke`` run, which types a request into it as a user would (app.py is outside ui/).
APP_MODULES = {"main_window.py", "smoke.py"}

WINDOW_NAMES = {"window", "_window", "win", "main_window", "mainwindow", "mw", "host_window"}
UNTYPED = {None, "Any", "object", "typing.Any"}


@dataclass(frozen=True)
class Finding:
    module: str
    name: str  # qualified function name, or "import main_window"
    why: str

    @property
    def key(self) -> tuple[str, str]:
        return (self.module, self.name)


def _annotation(node: ast.expr | None) -> str | None:
    if node is None:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.strip()
    return ast.unparse(node)


def _names_window(annotation: str | None) -> bool:
    if annotation is None:
        return False
    words = set(_split(annotation))
    return "MainWindow" in words or "QMainWindow" in words


def _split(text: str) -> list[str]:
    for sep in "|[],. ()'\"":
        text = text.replace(sep, " ")
    return text.split()


def _imports_main_window(node: ast.AST) -> bool:
    if isinstance(node, ast.Import):
        return any(alias.name.endswith(".main_window") for alias in node.names)
    if not isinstance(node, ast.ImportFrom):
        return False
    target = node.module or ""
    names = {alias.name for alias in node.names}
    if target.endswith("main_window"):
        return True
    # ``from . import main_window`` / ``from pi_desktop.ui import main_window``
    return "main_window" in names and (target == "" or target.endswith("pi_desktop.ui"))


def scan_source(source: str, module: str) -> list[Finding]:
    """What in ``source`` takes the window or imports it (see the module docstring)."""
    tree = ast.parse(source)
    found: list[Finding] = []

    def visit(node: ast.AST, scope: list[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                visit(child, [*scope, child.name])
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                qualname = ".".join([*scope, child.name])
                args = child.args
                params = [*args.posonlyargs, *args.args, *args.kwonlyargs]
                params += [a for a in (args.vararg, args.kwarg) if a is not None]
                for param in params:
                    text = _annotation(param.annotation)
                    if _names_window(text):
                        found.append(Finding(module, qualname, f"{param.arg}: {text}"))
                    elif param.arg.lower() in WINDOW_NAMES and text in UNTYPED:
                        found.append(Finding(module, qualname, f"{param.arg}: {text or 'untyped'}"))
                visit(child, [*scope, child.name])
            else:
                if _imports_main_window(child):
                    found.append(Finding(module, "import main_window", ast.unparse(child)))
                visit(child, scope)

    visit(tree, [])
    return found


def scan_ui() -> list[Finding]:
    found: list[Finding] = []
    for path in sorted(UI.rglob("*.py")):
        module = path.relative_to(UI).as_posix()
        if module in APP_MODULES:
            continue
        found.extend(scan_source(path.read_text(encoding="utf-8"), module))
    return found


# -- the scanner itself catches what it must (so the checks below can fail) ---------------


@pytest.mark.parametrize(
    "source",
    [
        "from __future__ import annotations\nclass P:\n    def __init__(self, w: MainWindow): ...",
        "def f(window): ...",
        "def f(*, window: Any = None): ...",
        "def f(host: 'MainWindow | None'): ...",
        "class P:\n    def attach(self, win: QMainWindow) -> None: ...",
        "async def f(main_window: object): ...",
        "if TYPE_CHECKING:\n    from pi_desktop.ui.main_window import MainWindow",
        "def f():\n    from ..main_window import MainWindow",
        "from . import main_window",
        "import pi_desktop.ui.main_window as mw",
    ],
)
def test_the_scanner_finds_a_part_that_takes_the_window(source):
    assert scan_source(source, "x.py"), source


@pytest.mark.parametrize(
    "source",
    [
        "def f(parent: QWidget): ...",
        "def f(window: McpHost): ...",  # a small Protocol of what it uses
        "def f(views: RunViews, status: QStatusBar): ...",
        "from pi_desktop.ui.chat.conversation import ConversationView",
        "def window_title(text: str) -> str: ...",
    ],
)
def test_the_scanner_lets_narrow_parts_through(source):
    assert scan_source(source, "x.py") == []


# -- the package ----------------------------------------------------------------------------


def test_no_part_of_the_window_takes_the_window():
    found = scan_ui()
    assert found == [], "\n".join(
        f"{f.module}: {f.name} takes the window ({f.why}); give it only what it uses" for f in found
    )


def test_the_main_window_inherits_no_mixin():
    from pi_desktop.ui.main_window import MainWindow

    ours = {
        f"{cls.__module__}.{cls.__qualname__}"
        for cls in MainWindow.__mro__[1:]
        if cls.__module__.startswith("pi_desktop.")
    }
    assert ours == set(), "MainWindow composes its parts; it inherits none"


def test_the_controller_signals_carry_their_event_classes():
    """Every agent event reaches the window typed (``Signal(ContextCompacted)``), never as
    ``object``, so a handler is written against the event's fields."""
    source = (UI / "controller.py").read_text(encoding="utf-8")
    untyped = [
        ast.unparse(node)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and ast.unparse(node.func) == "Signal"
        and any(ast.unparse(arg) in {"object", "'object'"} for arg in node.args)
    ]
    assert untyped == []


# -- module size ----------------------------------------------------------------------------

MAX_LINES = 600  # the project's rule: one responsibility per module, and under 600 lines


def oversized(root: Path, limit: int = MAX_LINES) -> list[tuple[str, int]]:
    """The modules under ``root`` with ``limit`` lines or more, largest first."""
    sizes = [
        (path.relative_to(root).as_posix(), len(path.read_text(encoding="utf-8").splitlines()))
        for path in root.rglob("*.py")
    ]
    return sorted(((m, n) for m, n in sizes if n >= limit), key=lambda mn: -mn[1])


def test_the_size_check_finds_a_long_module(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "long.py").write_text("x = 1\n" * MAX_LINES)
    (tmp_path / "short.py").write_text("x = 1\n" * (MAX_LINES - 1))
    assert oversized(tmp_path) == [("pkg/long.py", MAX_LINES)]


def test_every_module_is_under_600_lines():
    """A module that grows past the limit holds more than one thing: split it by meaning
    (a part with a narrow interface), never by moving half of it into a mixin."""
    root = UI.parent  # pi_desktop/
    found = oversized(root)
    assert found == [], "\n".join(f"pi_desktop/{m}: {n} lines (< {MAX_LINES})" for m, n in found)

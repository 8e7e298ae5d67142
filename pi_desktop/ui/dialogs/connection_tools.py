"""The settings' provider helpers: "Fetch models", "Test connection" and the price of a model.

Connecting should not take guesswork: Fetch models asks the server for its list (one GET
``/models``) and turns the model field into a searchable list while typing still works; Test
connection sends one tiny request and says what happened in plain words, inline. Both run as
tasks on the dialog's event loop (qasync): the slot starts a task and returns, nothing waits
in a nested loop, and closing the dialog cancels what is still in flight.

The price fields hold what the user pays per million tokens for the model in the field, so
the hover and the session totals can show money — only when the user entered a price.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from PySide6.QtCore import QStringListModel, Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QCompleter,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.agent.stats import ModelPrice
from pi_desktop.ui.chat.usage_text import price_row
from pi_desktop.ui.i18n import say, tr, trf
from pi_desktop.ui.theme import theme_for
from pi_desktop.usertext import text_of

log = logging.getLogger(__name__)

# the result line has room for two lines whatever it says: the dialog never grows while
# typing or testing (a label that wraps to more lines would push every field down)
MESSAGE_LINES = 2
MAX_PRICE = 10_000.0  # dollars per million tokens; more is a typo


def fixed_message_label(parent: QWidget, lines: int = MESSAGE_LINES) -> QLabel:
    """A word-wrapped, selectable label of a fixed height (``lines`` lines of text)."""
    label = QLabel(parent)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)  # servers' answers are quoted, never markup
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    label.setMinimumWidth(320)
    label.setFixedHeight(label.fontMetrics().lineSpacing() * lines + 4)
    return label


class ConnectionTools(QWidget):
    """The row under the model field: Fetch models, Test connection, and what they found.

    ``config(listing=…)`` builds the provider choice from the dialog's fields at the moment of
    the click (``listing``: for the model list, which needs no model name);
    ``list_models(config)`` returns model names, ``test_connection(config)`` an object with
    ``ok`` and ``message`` (the agent's ``ConnectionResult``). Both are async and may raise:
    whatever they raise is shown as words, never as a traceback.
    """

    modelsFetched = Signal(list)
    tested = Signal(bool, str)

    def __init__(
        self,
        model_field: QLineEdit,
        config: Callable[[], Any],
        list_models: Callable[[Any], Awaitable[list[str]]] | None,
        test_connection: Callable[[Any], Awaitable[Any]] | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._model = model_field
        self._config = config
        self._list_models = list_models
        self._test_connection = test_connection
        self.tasks: set[asyncio.Task[Any]] = set()
        self.models: list[str] = []
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        self.fetch_button = QPushButton(tr("Connection", "Fetch models"), self)
        self.fetch_button.setToolTip(
            tr("Connection", "Ask the server which models it offers (GET /models)")
        )
        self.fetch_button.clicked.connect(self.fetch_models)
        self.test_button = QPushButton(tr("Connection", "Test connection"), self)
        self.test_button.setToolTip(
            tr("Connection", "Send one tiny request with these settings and say how it went")
        )
        self.test_button.clicked.connect(self.test)
        row.addWidget(self.fetch_button)
        row.addWidget(self.test_button)
        row.addStretch(1)
        column.addLayout(row)
        self.message = fixed_message_label(self)
        self.message.setObjectName("connectionMessage")
        column.addWidget(self.message)
        self._completions = QStringListModel(self)
        self.completer = QCompleter(self._completions, self)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.setFilterMode(Qt.MatchFlag.MatchContains)  # "coder" finds qwen2.5-coder
        self.completer.setMaxVisibleItems(12)
        model_field.setCompleter(self.completer)
        self.set_enabled(True)

    def set_enabled(self, enabled: bool) -> None:
        """Off for the offline provider (there is nothing to reach)."""
        self.fetch_button.setEnabled(enabled and self._list_models is not None)
        self.test_button.setEnabled(enabled and self._test_connection is not None)
        if not enabled:
            self.say("")

    def say(self, text: str, *, ok: bool | None = None) -> None:
        """Show ``text`` in the result line: quiet when neutral, green or red when decided."""
        self.message.setText(text)
        self.message.setToolTip(text if len(text) > 120 else "")
        theme = theme_for(self.palette())
        if ok is None:
            self.message.setStyleSheet("")
            self.message.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        else:
            colour = theme.ok if ok else theme.tool_error
            self.message.setStyleSheet(f"color: {colour.name()};")

    @property
    def busy(self) -> bool:
        return any(not t.done() for t in self.tasks)

    def _start(self, coro: Awaitable[Any]) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    def cancel(self) -> None:
        """The dialog closed: nothing may write into its widgets afterwards."""
        for task in list(self.tasks):
            task.cancel()

    # -- fetch models --------------------------------------------------------------------

    def fetch_models(self, _checked: bool = False) -> asyncio.Task[Any] | None:
        if self._list_models is None or self.busy:
            return None
        self.fetch_button.setEnabled(False)
        self.say(tr("Connection", "Asking the server for its models…"))
        return self._start(self._fetch(self._config(listing=True)))

    async def _fetch(self, config: Any) -> None:
        try:
            names = await self._list_models(config)  # type: ignore[misc]
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # shown as words: the provider's own errors say enough
            log.info("fetching models failed: %s", type(exc).__name__)
            failed = trf("Connection", "Could not fetch the models: %1", _words(exc))
            self._done_fetch([], failed, ok=False)
            return
        names = sorted({str(n) for n in names if str(n).strip()}, key=str.lower)
        if not names:
            none = tr("Connection", "The server lists no models; type the name instead.")
            self._done_fetch([], none, ok=False)
            return
        found = tr(
            "Connection", "%Ln model(s) on the server: type to search, or pick one.", n=len(names)
        )
        self._done_fetch(names, found, ok=True)

    def _done_fetch(self, names: list[str], text: str, *, ok: bool) -> None:
        self.fetch_button.setEnabled(self._list_models is not None)
        self.say(text, ok=ok)
        if names:
            self.models = names
            self._completions.setStringList(names)
            self.completer.setCompletionPrefix("")
            if self._model.isVisible() and self._model.isEnabled():
                self._model.setFocus()
                self.completer.complete()  # the list opens: a click chooses
        self.modelsFetched.emit(names)

    # -- test connection -----------------------------------------------------------------

    def test(self, _checked: bool = False) -> asyncio.Task[Any] | None:
        if self._test_connection is None or self.busy:
            return None
        self.test_button.setEnabled(False)
        self.say(tr("Connection", "Testing the connection…"))
        return self._start(self._test(self._config()))

    async def _test(self, config: Any) -> None:
        try:
            result = await self._test_connection(config)  # type: ignore[misc]
            ok, text = bool(getattr(result, "ok", False)), say(getattr(result, "message", ""))
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            ok, text = False, trf("Connection", "The test failed: %1", _words(exc))
        self.test_button.setEnabled(self._test_connection is not None)
        fallback = tr("Connection", "Connected.") if ok else tr("Connection", "The test failed.")
        self.say(text or fallback, ok=ok)
        self.tested.emit(ok, text)


def _words(exc: BaseException) -> str:
    text = " ".join(say(text_of(exc)).split())
    return text[:200] if text else type(exc).__name__


class PriceFields(QWidget):
    """Three amounts per million tokens — input, cached input, output — for one model.

    The dialog keeps a table of every model's price; these fields show and edit the row of
    the model in the model field (0 everywhere: no price, and no money is ever shown).
    """

    changed = Signal()

    def __init__(self, prices: dict[str, ModelPrice], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.prices = dict(prices)
        self._model = ""
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.input = self._spin("input")
        self.cached = self._spin("cached input")
        self.output = self._spin("output")
        titles = (
            (tr("Connection", "in", "input tokens"), self.input),
            (tr("Connection", "cached", "cached input tokens"), self.cached),
            (tr("Connection", "out", "output tokens"), self.output),
        )
        for title, spin in titles:
            label = QLabel(title, self)
            label.setBuddy(spin)
            row.addWidget(label)
            row.addWidget(spin)
        row.addStretch(1)
        self.setToolTip(
            tr(
                "Connection",
                "What you pay per million tokens for this model, in dollars. Leave 0 for no\n"
                "price: the app shows money only for models you entered a price for.",
            )
        )

    def _spin(self, name: str) -> QDoubleSpinBox:
        spin = QDoubleSpinBox(self)
        spin.setObjectName(f"price_{name.replace(' ', '_')}")
        spin.setRange(0.0, MAX_PRICE)
        spin.setDecimals(3)
        spin.setSingleStep(0.05)
        spin.setPrefix("$")
        spin.setSpecialValueText("—")
        tips = {
            "input": tr("Connection", "Dollars per million input tokens (—: no price)"),
            "cached input": tr(
                "Connection",
                "Dollars per million cached input tokens (—: no price; the input price applies)",
            ),
            "output": tr("Connection", "Dollars per million output tokens (—: no price)"),
        }
        spin.setToolTip(tips[name])
        names = {
            "input": tr("Connection", "Price per million input tokens"),
            "cached input": tr("Connection", "Price per million cached input tokens"),
            "output": tr("Connection", "Price per million output tokens"),
        }
        spin.setAccessibleName(names[name])
        spin.valueChanged.connect(self._edited)
        return spin

    def show_model(self, model: str) -> None:
        """Show the price of ``model`` (what was typed for the previous one is kept)."""
        self._model = model.strip()
        values = price_row(self.prices.get(self._model))
        for spin, value in zip((self.input, self.cached, self.output), values, strict=True):
            spin.blockSignals(True)
            spin.setValue(value)
            spin.blockSignals(False)
        self.setEnabled(bool(self._model))

    def _edited(self, _value: float = 0.0) -> None:
        if not self._model:
            return
        given, cached, output = self.input.value(), self.cached.value(), self.output.value()
        if not (given or cached or output):
            self.prices.pop(self._model, None)
        else:
            self.prices[self._model] = ModelPrice(given, output, cached or None)
        self.changed.emit()

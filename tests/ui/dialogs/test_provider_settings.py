"""The settings' provider section: key-needed refusal, prices, a dialog that never grows,
and (against the loopback server, through the real openai client) Fetch models and Test
connection."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QSettings, Qt

from pi_desktop.agent.stats import ModelPrice
from pi_desktop.ui.chat.usage_text import parse_prices
from pi_desktop.ui.dialogs.settings_dialog import PresetChoice, SettingsDialog
from pi_desktop.ui.settings import AppSettings, KeyStore, SettingsStore

PRESETS = [
    PresetChoice("offline", "Offline"),
    PresetChoice("openai", "OpenAI", "https://api.openai.com/v1", "gpt-4o-mini", True),
    PresetChoice("ollama", "Ollama", "http://localhost:11434/v1", "llama3.2"),
    PresetChoice("custom", "Custom"),
]


def _dialog(qtbot, tmp_path, settings: AppSettings | None = None, **kw) -> SettingsDialog:
    dialog = SettingsDialog(settings or AppSettings(), PRESETS, KeyStore(tmp_path / "k"), **kw)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_ok_with_a_preset_that_needs_a_key_says_so_inline(qtbot, tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("PI_DESKTOP_API_KEY", raising=False)
    dialog = _dialog(qtbot, tmp_path, replace(AppSettings(), provider="openai"))
    accepted = []
    dialog.accepted.connect(lambda: accepted.append(True))
    height = dialog.height()
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert not accepted and dialog.isVisible()
    said = dialog.connection.message.text()
    assert said.startswith("OpenAI needs an API key: enter it here or set OPENAI_API_KEY.")
    assert "OK again saves without one" in said
    assert dialog.height() == height  # the message had its room already
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert accepted  # a second OK is the user's informed choice


def test_a_typed_key_passes_at_the_first_ok(qtbot, tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("PI_DESKTOP_API_KEY", raising=False)
    dialog = _dialog(qtbot, tmp_path, replace(AppSettings(), provider="openai"))
    accepted = []
    dialog.accepted.connect(lambda: accepted.append(True))
    dialog.api_key.setText("sk-typed")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert accepted and dialog.connection.message.text() == ""


def test_a_keyless_preset_needs_no_word(qtbot, tmp_path):
    dialog = _dialog(qtbot, tmp_path, replace(AppSettings(), provider="ollama"))
    accepted = []
    dialog.accepted.connect(lambda: accepted.append(True))
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert accepted


def test_typing_a_bad_number_does_not_grow_the_dialog(qtbot, tmp_path):
    dialog = _dialog(qtbot, tmp_path)
    height = dialog.height()
    dialog.budget.setFocus()
    dialog.budget.selectAll()
    qtbot.keyClicks(dialog.budget, "12")
    qtbot.wait(20)
    assert dialog.budget_field.error_label.isVisible()
    assert dialog.budget_field.error_label.text() == "At least 2,000 tokens."
    assert dialog.height() == height


def test_prices_are_kept_per_model_and_survive_a_restart(qtbot, tmp_path):
    dialog = _dialog(qtbot, tmp_path, replace(AppSettings(), provider="ollama", model="a"))
    dialog.prices.input.setValue(2.5)
    dialog.prices.cached.setValue(1.25)
    dialog.prices.output.setValue(10)
    dialog.model.setText("b")  # another model: its own (empty) price
    assert dialog.prices.input.value() == 0 and dialog.prices.input.text() == "—"
    dialog.prices.output.setValue(0.6)
    dialog.model.setText("a")
    assert dialog.prices.output.value() == 10
    result = dialog.result_settings()
    assert parse_prices(result.model_prices) == {
        "a": ModelPrice(prompt=2.5, completion=10.0, cached=1.25),
        "b": ModelPrice(prompt=0.0, completion=0.6),
    }
    qs = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    SettingsStore(qs).save(result)
    again = SettingsStore(QSettings(qs.fileName(), QSettings.Format.IniFormat)).load()
    assert parse_prices(again.model_prices) == parse_prices(result.model_prices)


def test_a_broken_price_table_is_ignored():
    assert parse_prices("{not json") == {}
    assert parse_prices('{"a": [1, 2]}') == {}
    assert parse_prices('{"a": [1, -2, 3], "b": [0, 0, 1]}') == {"b": ModelPrice(0, 1)}


# -- against the loopback server, through the real openai client --------------------------

MODELS = [
    "qwen2.5-coder:7b",
    "qwen2.5:14b",
    "llama3.2:3b",
    "deepseek-r1:8b",
    "gemma3:12b",
    "mistral-small:24b",
    "phi4:14b",
]


def _custom(qtbot, tmp_path, url: str, model: str = "test-model") -> SettingsDialog:
    from pi_desktop.agent.connect import list_models, test_connection

    settings = replace(AppSettings(), provider="custom", base_url=url, model=model)
    return _dialog(
        qtbot, tmp_path, settings, list_models=list_models, test_connection=test_connection
    )


def _shot_with_popup(dialog, popup, path: str) -> None:
    """The dialog with its open completion list drawn where it is on screen (the list is a
    window of its own, which ``grab`` of the dialog leaves out)."""
    from PySide6.QtGui import QPainter

    shot = dialog.grab()
    painter = QPainter(shot)
    painter.drawPixmap(
        dialog.mapFromGlobal(popup.mapToGlobal(popup.rect().topLeft())), popup.grab()
    )
    painter.end()
    shot.save(path)


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_fetch_models_lists_the_servers_models_searchably(qloop, qtbot, tmp_path, openai_server):
    openai_server.models = MODELS
    dialog = _custom(qtbot, tmp_path, openai_server.base_url, model="")
    height = dialog.height()
    qtbot.mouseClick(dialog.connection.fetch_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.connection.busy, timeout=10_000)
    said = dialog.connection.message.text()
    assert dialog.connection.models == sorted(MODELS, key=str.lower), said
    assert said == "7 models on the server: type to search, or pick one."
    assert openai_server.paths[-1] == "/v1/models"
    # searchable: typing "qwen" keeps only the qwen models in the list; typing stays free
    dialog.model.setFocus()
    qtbot.keyClicks(dialog.model, "qwen")
    completer = dialog.connection.completer
    qtbot.waitUntil(lambda: completer.popup().isVisible())
    shown = [
        completer.completionModel().index(i, 0).data() for i in range(completer.completionCount())
    ]
    assert shown == ["qwen2.5-coder:7b", "qwen2.5:14b"]
    assert dialog.connection.message.text() == said  # searching keeps what was found
    _shot_with_popup(dialog, completer.popup(), "/tmp/shots-17/settings-model-list.png")
    completer.popup().hide()
    dialog.model.setText("my-own-model")  # a name the server did not list is still allowed
    assert dialog.result_settings().model == "my-own-model"
    assert dialog.height() == height


def test_test_connection_says_ok_in_plain_words(qloop, qtbot, tmp_path, openai_server):
    from tests.kit.openai_server import Reply

    openai_server.enqueue(Reply(text="OK"))
    dialog = _custom(qtbot, tmp_path, openai_server.base_url)
    qtbot.mouseClick(dialog.connection.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.connection.busy, timeout=10_000)
    said = dialog.connection.message.text()
    assert said.startswith("Connected: test-model answered in ") and said.endswith(" s.")
    assert len(openai_server.requests) == 1  # one tiny request
    assert dialog.connection.test_button.isEnabled()


def test_test_connection_with_a_refused_key(qloop, qtbot, tmp_path, openai_server):
    from tests.kit.openai_server import Reply

    openai_server.enqueue(Reply.http_error(401, "Incorrect API key provided"))
    dialog = _custom(qtbot, tmp_path, openai_server.base_url)
    dialog.api_key.setText("sk-wrong")
    qtbot.mouseClick(dialog.connection.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.connection.busy, timeout=10_000)
    assert dialog.connection.message.text() == (
        "The key was refused (401). Check the API key for this provider."
    )
    assert openai_server.request_headers[-1]["authorization"] == "Bearer sk-wrong"
    assert "sk-wrong" not in dialog.connection.message.text()


def test_test_connection_with_nothing_listening(qloop, qtbot, tmp_path):
    port = _free_port()
    dialog = _custom(qtbot, tmp_path, f"http://127.0.0.1:{port}/v1")
    qtbot.mouseClick(dialog.connection.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.connection.busy, timeout=10_000)
    said = dialog.connection.message.text()
    assert said.startswith(f"Nothing is listening at 127.0.0.1:{port}"), said
    qtbot.mouseClick(dialog.connection.fetch_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.connection.busy, timeout=10_000)
    assert dialog.connection.message.text().startswith("Could not fetch the models: Nothing is")


def test_closing_the_dialog_cancels_a_test_in_flight(qloop, qtbot, tmp_path, openai_server):
    from tests.kit.openai_server import Reply

    openai_server.enqueue(Reply.slow("OK", delay=3.0))
    dialog = _custom(qtbot, tmp_path, openai_server.base_url)
    task = dialog.connection.test()
    assert task is not None and dialog.connection.busy
    dialog.reject()
    qtbot.waitUntil(task.done, timeout=5_000)
    assert task.cancelled()


def test_the_thinking_switch_is_offered_where_the_provider_has_one(qtbot, tmp_path):
    from pi_desktop.ui.agent_factories import preset_choices

    dialog = SettingsDialog(AppSettings(), preset_choices(), KeyStore(tmp_path / "k"))
    qtbot.addWidget(dialog)
    dialog.provider.setCurrentIndex(dialog.provider.findData("ollama"))
    assert not dialog.thinking.isEnabled() and not dialog.effort.isEnabled()
    dialog.provider.setCurrentIndex(dialog.provider.findData("deepseek"))
    assert dialog.thinking.isEnabled() and dialog.effort.isEnabled()
    dialog.thinking.setCurrentIndex(dialog.thinking.findData("off"))
    assert not dialog.effort.isEnabled()  # no effort for a model that does not think
    result = dialog.result_settings()
    assert (result.provider, result.thinking) == ("deepseek", "off")


def test_the_thinking_choice_reaches_the_request(tmp_path, openai_server):
    """Settings → the provider factory → the real client → what the server receives."""
    import asyncio

    from pi_desktop.context import Message
    from pi_desktop.ui.agent_factories import make_provider_factory
    from tests.kit.openai_server import Reply

    keys = KeyStore(tmp_path / "k")
    keys.set("deepseek", "sk-deepseek")
    factory = make_provider_factory(keys)
    openai_server.responder = lambda body: Reply(text="ok")
    for choice, effort, sent in (
        ("off", "", {"type": "disabled"}),
        ("on", "high", {"type": "enabled"}),
        ("default", "", None),
    ):
        settings = replace(
            AppSettings(),
            provider="deepseek",
            base_url=openai_server.base_url,
            model="deepseek-reasoner",
            thinking=choice,
            reasoning_effort=effort,
        )
        setup = factory(settings)
        assert not setup.offline, setup.note

        async def ask(llm=setup.llm):
            try:
                return await llm.chat([Message(role="user", content="hi")])
            finally:
                await llm.aclose()

        asyncio.run(ask())
        body = openai_server.last_request
        assert body.get("thinking") == sent
        assert body.get("reasoning_effort") == (effort or None)


def test_switching_provider_replaces_the_old_providers_error(kit, qtbot):
    """Nothing listening: the error says so at once (no retries); after choosing another
    provider the stale error goes and the unanswered question is offered again."""
    from pi_desktop.agent import OpenAIChatLLM
    from tests.ui.flows import idle

    port = _free_port()
    llm = OpenAIChatLLM("llama3.2", base_url=f"http://127.0.0.1:{port}/v1", api_key=None)
    window = kit.window(llm, new_session=True)
    window.input.setPlainText("hello?")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bool(window.conversation.banners()), timeout=10_000)
    qtbot.waitUntil(lambda: idle(window), timeout=10_000)
    (banner,) = window.conversation.banners()
    assert f"Nothing is listening at 127.0.0.1:{port}" in banner.text
    window.apply_settings(replace(window.settings, provider="custom", model="other"))
    assert window.conversation.banners() == []
    assert window.edits.answer_banner is not None  # "Answer again" with the new provider

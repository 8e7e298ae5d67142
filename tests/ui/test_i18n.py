"""Translations: the catalogues follow the code, Chinese loads, and with a pseudo-translation
installed no visible text of any window, dialog or menu escapes ``tr``."""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

from pi_desktop.ui import i18n
from pi_desktop.ui.dialogs.summary_viewer import _when
from pi_desktop.ui.i18n import LANGUAGE_NAMES, compile_ts, install_language, tr, trf
from tests.ui.widget_walk import plain, shown_texts
from tests.ui.windows import CHAT_MODULES, MCP_DETAIL, open_dialogs, open_window

ROOT = Path(__file__).resolve().parents[2]


def _catalog_tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "packaging" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["i18n_tool"] = module
    spec.loader.exec_module(module)
    return module


tool = _catalog_tool()


def test_every_tr_string_of_the_code_is_in_every_catalogue_and_translated():
    problems = tool.problems()
    assert problems == [], "run `python3 packaging/i18n.py update` and translate:\n" + "\n".join(
        problems[:40]
    )


def test_the_check_catches_a_string_missing_from_a_catalogue(tmp_path: Path):
    folder = tmp_path / "i18n"
    folder.mkdir()
    for ts in (tool.I18N).glob("*.ts"):
        language, entries = tool.read_ts(ts)
        entries.pop(("MainWindow", "&Settings…", ""))
        tool.write_ts(folder / ts.name, language, entries)
    missing = tool.problems(folder)
    assert "en.ts: missing MainWindow: '&Settings…'" in missing
    assert "zh_CN.ts: missing MainWindow: '&Settings…'" in missing


def test_the_extractor_reads_contexts_plurals_and_comments(tmp_path: Path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "m.py").write_text(
        'tr("A", "Hello")\ntrf("A", "%1 new", x)\ntr("B", "%Ln file(s)", n=3)\n'
        'tr("B", "low", "effort")\nQCoreApplication.translate("C", "Raw")\ntr(ctx, "skip")\n'
    )
    found = tool.extract(src)
    assert set(found) == {
        ("A", "Hello", ""), ("A", "%1 new", ""), ("B", "%Ln file(s)", ""),
        ("B", "low", "effort"), ("C", "Raw", ""),
    }  # fmt: skip
    assert found[("B", "%Ln file(s)", "")].numerus and not found[("A", "%1 new", "")].numerus
    assert tool.english_forms("%Ln summary(ies) so far") == [
        "%Ln summary so far",
        "%Ln summaries so far",
    ]


@pytest.fixture
def chinese(qapp) -> Iterator[None]:
    applied = install_language("zh_CN", qm_dir=None)
    assert applied.language == "zh_CN"
    yield
    install_language("en")


def test_chinese_loads_with_plurals_and_qt_own_buttons(chinese):
    assert tr("MainWindow", "&Settings…") == "设置(&S)…"
    assert tr("Tree", "%Ln node(s)", n=12345) == "12,345 个节点"
    assert trf("BudgetBar", "%1 / %2 tokens (%3 %)", "1.2k", "32k", 4) == "1.2k / 32k Token（4%）"
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "取消"  # qtbase_zh_CN
    assert QLocale().name() == "zh_CN"


def test_english_plurals_read_as_sentences():
    assert tr("Tree", "%Ln node(s)", n=1) == "1 node"
    assert tr("Tree", "%Ln node(s)", n=8592) == "8,592 nodes"
    assert tr("BudgetBar", "%Ln summary(ies) so far", n=2) == "2 summaries so far"


def test_the_language_follows_the_system_unless_chosen():
    assert i18n.resolve_language("", ["zh-Hans-CN", "en-US"]) == "zh_CN"
    assert i18n.resolve_language("", ["zh-TW"]) == "zh_CN"  # the nearest catalogue
    assert i18n.resolve_language("", ["de-DE", "fr-FR"]) == "en"
    assert i18n.resolve_language("en", ["zh-CN"]) == "en"  # Settings wins
    assert i18n.resolve_language("xx", ["zh-CN"]) == "zh_CN"  # an unknown choice is ignored
    assert set(LANGUAGE_NAMES) <= set(i18n.available_languages())


def test_a_changed_catalogue_is_compiled_again(tmp_path: Path, monkeypatch):
    folder = tmp_path / "i18n"
    folder.mkdir()
    source = (tool.I18N / "zh_CN.ts").read_text(encoding="utf-8")
    (folder / "zh_CN.ts").write_text(source, encoding="utf-8")
    (folder / "en.ts").write_text((tool.I18N / "en.ts").read_text(encoding="utf-8"))
    monkeypatch.setattr(i18n, "i18n_folder", lambda: folder)
    cache = tmp_path / "cache"
    first = i18n.compiled_catalogue("zh_CN", qm_dir=cache)
    assert first is not None and first.is_file()
    (folder / "zh_CN.ts").write_text(source.replace("设置(&amp;S)…", "选项(&amp;S)…"))
    second = i18n.compiled_catalogue("zh_CN", qm_dir=cache)
    assert second != first
    translator = QTranslator()
    assert translator.load(str(second))
    assert translator.translate("MainWindow", "&Settings…") == "选项(&S)…"


# ---------------------------------------------------------------- the pseudo-translation walk

MARK = re.compile("⟦")
# what may show untranslated: data, not interface words
DATA = re.compile(r"^[\d\s.,:;%/—–→·$()+\-−#…?×kKM▲▼✕]*$")
# texts of the conversation's own modules shown on the window's chrome: walked with them
CHAT_OWNED: set[str] = set()


def pseudo_catalogue(tmp_path: Path) -> Path:
    """Every string of the code as ⟦string⟧ (plural forms too), compiled like the real ones."""
    entries = {}
    for key, item in tool.extract().items():
        forms = tool.english_forms(key[1]) if item.numerus else [key[1]]
        entries[key] = tool.Entry(*key, item.numerus, [f"⟦{f}⟧" for f in forms], "", [])
    ts = tmp_path / "pseudo.ts"
    tool.write_ts(ts, "en", entries)
    qm = compile_ts(ts, tmp_path / "pseudo.qm")
    assert qm is not None
    return qm


@pytest.fixture
def pseudo(qapp, tmp_path) -> Iterator[None]:
    translator = QTranslator()
    assert translator.load(str(pseudo_catalogue(tmp_path)))
    qapp.installTranslator(translator)
    yield
    qapp.removeTranslator(translator)


def tool_tips(window) -> list[str]:
    """The tree's tooltips (role, figures) for every node of the session."""
    from pi_desktop.ui.tree.snapshot import tooltip_text

    return [tooltip_text(node).splitlines()[0] for node in window.tree.view.snapshot.nodes.values()]


def escaped(texts, data: set[str]) -> list[str]:
    data = {plain(d) for d in data}
    out = []
    for shown in texts:
        if MARK.search(shown.text) or DATA.match(shown.text) or shown.text in data:
            continue
        if shown.where in ("standard button", "content"):  # Qt's own catalogue; data
            continue
        if shown.owner.objectName() in CHAT_OWNED:
            continue
        out.append(str(shown))
    return out


def test_no_visible_text_escapes_translation(pseudo, kit, qtbot):
    window = open_window(kit, "pseudo")
    data = {
        "pi-desktop",
        "Offline",  # the test kit's provider names (the app's come from tr)
        "Custom",
        *LANGUAGE_NAMES.values(),  # each language in its own name, on purpose
        window.session_name() or "",
        kit.workspace.name,
        str(kit.workspace),
        "https://…/v1",
        "—",
        "$",
        "time",  # the MCP server's name
        MCP_DETAIL,
    }
    leaks = escaped(shown_texts(window, CHAT_MODULES), data)
    for menu in window.menuBar().findChildren(type(window.export_menu)):
        leaks += escaped(shown_texts(menu), data)
    # painted, not widget texts: the bar's figure, the tree's side nodes and status line
    assert MARK.search(window.budget_bar.text)
    side = [n for n in window.tree.view.snapshot.nodes.values() if n.kind == "compaction"]
    assert side and all(MARK.search(n.label) for n in side)
    assert all(MARK.search(line) for line in tool_tips(window))
    dialogs = open_dialogs(window, qtbot, kit.tmp)
    latest = window.session.latest_compaction()
    data |= {str(kit.tmp / "result.txt"), latest.summary_model, _when(latest.timestamp)}
    for name, dialog in dialogs.items():
        found = escaped(shown_texts(dialog, CHAT_MODULES), data)
        leaks += [f"[{name}] {line}" for line in found]
        dialog.close()
    assert not leaks, "untranslated:\n" + "\n".join(sorted(set(leaks)))


def test_the_language_is_chosen_in_settings_and_applies_at_restart(kit, qtbot):
    from pi_desktop.agent import OfflineLLM
    from pi_desktop.ui.settings import AppSettings, SettingsStore

    window = kit.window(OfflineLLM())
    dialog = window.show_settings()
    qtbot.waitExposed(dialog)
    combo = dialog.language
    assert combo.itemData(0) == "" and combo.itemText(0).startswith("System language")
    assert [combo.itemData(i) for i in range(combo.count())][1:] == ["en", "zh_CN"]
    assert combo.itemText(2) == "简体中文"  # each language in its own name
    assert not dialog.language_note.isVisibleTo(dialog)
    combo.setCurrentIndex(2)
    assert dialog.language_note.isVisibleTo(dialog)  # "applies when pi-desktop restarts"
    dialog.accept()
    qtbot.waitUntil(lambda: window.dialog is None)
    assert SettingsStore(kit.qsettings).load().language == "zh_CN"
    assert AppSettings().language == ""  # a new profile follows the system
    # the running window keeps its language; the next start reads the setting
    assert window.send_button.text() == "Send"
    applied = install_language(SettingsStore(kit.qsettings).load().language)
    try:
        assert applied.language == "zh_CN" and tr("MainWindow", "Send") == "发送"
    finally:
        install_language("en")


def test_a_chinese_window_end_to_end(chinese, kit, qtbot):
    """The whole app in Chinese: the chrome from the catalogue, the offline demo's answer in
    Chinese through the real tools, the figures in the Chinese locale's format."""
    from pi_desktop.agent import OfflineLLM

    kit.save_settings(context_budget=16_000)
    window = kit.window(OfflineLLM())
    assert window.send_button.text() == "发送"
    assert [a.text() for a in window.menuBar().actions()][:2] == ["文件(&F)", "视图(&V)"]
    window.input.setPlainText("读取 README.md")
    window.send()
    qtbot.waitUntil(lambda: not window.busy, timeout=30_000)
    answer = window.session.get_current_path()[-1].content
    assert "**已读取 `README.md`**" in answer and "我是离线演示" in answer
    assert "Token" in window.budget_bar.text and "/ 16k" in window.budget_bar.text
    assert window.tree.view.tooltip_for(window.session.current_id).startswith("助手")


def test_a_chinese_summary_is_shown_under_chinese_headings():
    from pi_desktop.context.normalize import normalize_summary
    from pi_desktop.ui.dialogs.summary_viewer import shown_summary

    stored = normalize_summary("## Goal\n- 修复登录的错误\n## Progress\n### Done\n- 读了 auth.py")
    shown = shown_summary(stored)
    assert shown.startswith("## 目标\n- 修复登录的错误")
    assert "### 已完成\n- 读了 auth.py" in shown
    assert "## Goal" not in shown and normalize_summary(shown) == stored  # the same sections
    english = normalize_summary("## Goal\n- fix the login page")
    assert shown_summary(english) == english  # English stays as stored

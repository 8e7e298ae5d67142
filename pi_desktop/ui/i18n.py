"""Translations the Qt way: ``tr(context, text)``, the ``.ts`` catalogues and their ``.qm``.

Every user-visible string goes through :func:`tr`, a thin wrapper over
``QCoreApplication.translate`` with an explicit context. PySide's ``self.tr()`` takes its
context from the object's *runtime* class, so a subclass (or a test's subclass) would lose
every translation of its base; one explicit context per module avoids that, and works in
helpers that are not QObjects. Plurals use ``%n`` and ``n=``: the catalogue holds each
language's forms (English two, Chinese one).

The sources of the translations are ``resources/i18n/<language>.ts`` (``en``, ``zh_CN``; adding
a language is adding a ``.ts``); ``python3 packaging/i18n.py update`` regenerates them from the
code. Qt reads only compiled ``.qm`` files: the bundle build compiles them with the
``lrelease`` that ships in PySide6-Essentials, and a checkout (or a wheel without them)
compiles them at start into the user's cache folder, once per change of the ``.ts``.

The language follows the system locale unless Settings chose one; it is applied at start
(a running window keeps its language until the app restarts).
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import platformdirs
from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from pi_desktop.ui.resources import resource_path
from pi_desktop.usertext import UserText, fill, text_of

log = logging.getLogger(__name__)

SOURCE_LANGUAGE = "en"
# the names the settings offer, each in its own language (a user who cannot read the current
# one still finds theirs)
LANGUAGE_NAMES = {"en": "English", "zh_CN": "简体中文"}
_installed: list[QTranslator] = []  # kept alive: Qt does not own installed translators


def tr(context: str, text: str, comment: str | None = None, n: int = -1) -> str:
    """``text`` in the interface's language; ``%n`` in it becomes ``n`` (the right plural)."""
    return QCoreApplication.translate(context, text, comment, n)


def trf(context: str, text: str, *args: object, n: int = -1) -> str:
    """``tr`` then ``%1``, ``%2``… replaced by ``args`` (numbers as the locale writes them),
    so a translation may put them in another order. An argument that is a ``UserText``, or an
    exception raised with one, is translated too (an engine error inside a window sentence)."""
    out = tr(context, text, None, n)
    for i in range(len(args), 0, -1):  # %10 before %1
        out = out.replace(f"%{i}", _say_arg(args[i - 1]))
    return out


def say(text: object) -> str:
    """A text made below ``ui/`` in the interface's language: a :class:`UserText` through the
    catalogue (its arguments too, numbers as the locale writes them); anything else as is."""
    if not isinstance(text, UserText):
        return "" if text is None else str(text)
    template = tr(text.context, text.source)
    return fill(template, text.args, _say_arg)


def _say_arg(value: object) -> str:
    if isinstance(value, BaseException):
        value = text_of(value)
    if isinstance(value, UserText):
        return say(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return str(value)


def available_languages() -> list[str]:
    """The languages with a catalogue, the source language first."""
    folder = i18n_folder()
    found = sorted(p.stem for p in folder.glob("*.ts")) if folder else []
    return sorted(set(found) | {SOURCE_LANGUAGE}, key=lambda c: (c != SOURCE_LANGUAGE, c))


def language_name(code: str) -> str:
    """A language's own name ("简体中文"), or Qt's name of it for a catalogue added later."""
    return LANGUAGE_NAMES.get(code) or QLocale(code).nativeLanguageName() or code


def i18n_folder() -> Path | None:
    marker = resource_path("i18n/en.ts") or resource_path("i18n/en.qm")
    return marker.parent if marker else None


def resolve_language(choice: str, ui_languages: list[str] | None = None) -> str:
    """The catalogue to load: ``choice`` when it has one, else the system's first match.

    ``ui_languages`` are the system's preferences (``QLocale.system().uiLanguages()``, such as
    ``["zh-Hans-CN", "zh-CN", "en-US"]``); a Chinese system of any script gets ``zh_CN``.
    """
    available = available_languages()
    if choice and choice in available:
        return choice
    for wanted in ui_languages if ui_languages is not None else QLocale.system().uiLanguages():
        wanted = wanted.replace("-", "_")
        for code in available:
            if wanted == code or wanted.split("_")[0] == code.split("_")[0]:
                return code
    return SOURCE_LANGUAGE


@dataclass(frozen=True)
class Applied:
    language: str  # the catalogue in use
    locale: QLocale  # numbers and dates
    qt_catalogue: str | None = None  # Qt's own texts (standard buttons): the .qm loaded


def qt_translations_folder() -> Path:
    """Where Qt's own catalogues (``qtbase_zh_CN.qm``) are: PySide6's, in a bundle too."""
    return Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))


def install_language(choice: str = "", *, qm_dir: Path | None = None) -> Applied:
    """Load the chosen (or the system's) language into the application; call before any
    window is built. Never fatal: a catalogue that cannot be read leaves English."""
    app = QCoreApplication.instance()
    for old in _installed:
        if app is not None:
            app.removeTranslator(old)
    _installed.clear()
    language = resolve_language(choice)
    qm = compiled_catalogue(language, qm_dir=qm_dir)
    qt_loaded = None
    if qm is not None and app is not None:
        ours = QTranslator()
        if ours.load(str(qm)):
            app.installTranslator(ours)
            _installed.append(ours)
        else:
            log.warning("could not load the %s translation (%s)", language, qm)
        qt_own = QTranslator()  # Qt's own texts: standard buttons, a line edit's menu
        qt_dir = str(qt_translations_folder())
        if language != SOURCE_LANGUAGE and qt_own.load(f"qtbase_{language}", qt_dir):
            app.installTranslator(qt_own)
            _installed.append(qt_own)
            qt_loaded = qt_own.filePath()
        elif language != SOURCE_LANGUAGE:  # the dialogs' buttons would stay in English
            log.warning("Qt's own %s catalogue is missing in %s", language, qt_dir)
    locale = ui_locale(language)
    QLocale.setDefault(locale)
    return Applied(language, locale, qt_loaded)


def ui_locale(language: str) -> QLocale:
    """The system's locale when it speaks the interface's language (its own number and date
    formats), else the language's usual one (a "C" system shows English as en_US)."""
    system = QLocale.system()
    wanted = QLocale(language)
    if system.language() == wanted.language() and system.name() != "C":
        return system
    return wanted


def compiled_catalogue(language: str, *, qm_dir: Path | None = None) -> Path | None:
    """The ``.qm`` of ``language``: the shipped one when it is as new as its ``.ts``, else one
    compiled now into the cache (named by the ``.ts``'s hash, so a change recompiles)."""
    folder = i18n_folder()
    if folder is None:
        return None
    ts, shipped = folder / f"{language}.ts", folder / f"{language}.qm"
    if shipped.is_file() and (not ts.is_file() or shipped.stat().st_mtime >= ts.stat().st_mtime):
        return shipped
    if not ts.is_file() or lrelease_path() is None:
        return shipped if shipped.is_file() else None  # a bundle: what the build compiled
    digest = hashlib.sha256(ts.read_bytes()).hexdigest()[:16]
    out_dir = qm_dir or Path(platformdirs.user_cache_dir("pi-desktop")) / "i18n"
    target = out_dir / f"{language}-{digest}.qm"
    if target.is_file():
        return target
    return compile_ts(ts, target)


def lrelease_path() -> str | None:
    """PySide6-Essentials' ``lrelease`` (beside the package), or one on PATH."""
    import PySide6

    beside = Path(PySide6.__file__).parent / "lrelease"
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    return shutil.which("pyside6-lrelease") or shutil.which("lrelease")


def compile_ts(ts: Path, target: Path) -> Path | None:
    """``ts`` compiled to ``target`` with lrelease; None (logged) when that is impossible."""
    tool = lrelease_path()
    if tool is None:
        log.warning("no lrelease to compile %s: the interface stays in English", ts.name)
        return None
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".part")
    try:
        subprocess.run(
            [tool, "-silent", str(ts), "-qm", str(partial)],
            check=True,
            capture_output=True,
            timeout=60,
        )
        partial.replace(target)
    except (OSError, subprocess.SubprocessError) as exc:
        log.warning("could not compile %s: %s", ts.name, exc)
        return None
    return target


def number(n: int | float) -> str:
    """``12345`` as the interface's locale writes it ("12,345"; "12 345" in French)."""
    return QLocale().toString(n)


def tokens(n: int | None) -> str:
    """A token count, compact: 12.3k, 950, 1.2M, with the locale's decimal point."""
    from pi_desktop.ui.labels import format_tokens

    text = format_tokens(n)
    point = QLocale().decimalPoint()
    return text.replace(".", point) if point != "." else text


def capped_text(note: object) -> str:
    """ "the first 100,000 of 204,825 characters" (a tool's cap note), in the interface's
    language; ``labels.capped_words`` is its English, Qt-free twin."""
    shown, total = getattr(note, "shown", 0), getattr(note, "total", 0)
    if getattr(note, "first", False):
        return trf("Labels", "the first %1 of %2 characters", shown, total)
    return trf("Labels", "%1 of %2 characters", shown, total)

"""What the bundle carries besides the code: the app's resources and Qt's own catalogues.

PyInstaller's PySide6 hook happens to copy Qt's translations today; the bundle does not lean
on that. For every language the app ships (``resources/i18n/<language>.ts``), Qt's own
``qtbase_<language>.qm`` — the standard buttons ("OK", "Cancel"), a line edit's context menu,
the file dialogs — goes where ``QLibraryInfo``'s translations path points inside the bundle,
so a Chinese window has Chinese dialogs. A language Qt has no catalogue for stops the build
(its dialogs would be half English without a word).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "resources" / "i18n"
SOURCE_LANGUAGE = "en"
QT_TRANSLATIONS_IN_BUNDLE = "PySide6/Qt/translations"  # relative to the bundle's _internal


def shipped_languages(folder: Path = I18N) -> list[str]:
    """The app's languages other than its source language (those need Qt's catalogue)."""
    return sorted(p.stem for p in folder.glob("*.ts") if p.stem != SOURCE_LANGUAGE)


def qt_translations_dir() -> Path:
    """Qt's own catalogues of the PySide6 the build runs with."""
    from PySide6.QtCore import QLibraryInfo

    return Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))


def qt_catalogues(
    qt_dir: Path | None = None, languages: list[str] | None = None
) -> list[tuple[str, str]]:
    """``(file, folder in the bundle)`` of ``qtbase_<language>.qm`` for each shipped language;
    SystemExit naming the language whose catalogue Qt lacks."""
    qt_dir = qt_dir or qt_translations_dir()
    out = []
    for language in shipped_languages() if languages is None else languages:
        qm = qt_dir / f"qtbase_{language}.qm"
        if not qm.is_file():
            why = "its dialogs would be half English"
            raise SystemExit(f"bundle: Qt has no {qm.name} in {qt_dir}: {why}")
        out.append((str(qm), QT_TRANSLATIONS_IN_BUNDLE))
    return out

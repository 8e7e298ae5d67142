"""The bundle's data list carries Qt's own catalogue of every language the app ships (the
standard buttons and dialogs in Chinese), checked on the spec's own helper without a build."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def bundle_data():
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        import bundle_data

        yield bundle_data
    finally:
        sys.path.remove(str(ROOT / "packaging"))


def test_every_shipped_language_brings_qt_own_catalogue(bundle_data):
    assert bundle_data.shipped_languages() == ["zh_CN"]
    data = bundle_data.qt_catalogues()
    assert [(Path(src).name, dest) for src, dest in data] == [
        ("qtbase_zh_CN.qm", "PySide6/Qt/translations")
    ]
    assert all(Path(src).is_file() for src, _dest in data)


def test_a_language_qt_cannot_translate_stops_the_build(bundle_data, tmp_path):
    (tmp_path / "qtbase_zh_CN.qm").write_bytes(b"")
    assert bundle_data.qt_catalogues(tmp_path, ["zh_CN"])
    with pytest.raises(SystemExit, match=r"qtbase_tlh\.qm"):
        bundle_data.qt_catalogues(tmp_path, ["zh_CN", "tlh"])


def test_the_spec_puts_them_in_the_bundle():
    spec = (ROOT / "packaging" / "pi-desktop.spec").read_text()
    assert "from bundle_data import qt_catalogues" in spec and "*qt_catalogues()," in spec

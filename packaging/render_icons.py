"""Render resources/pi-desktop.svg to the PNG sizes of the hicolor icon theme.

The PNGs are committed (a launcher, a bundle and ``--install-desktop-entry`` need no SVG
renderer); run this after changing the SVG:

    QT_QPA_PLATFORM=offscreen python3 packaging/render_icons.py

The output is byte-for-byte the same on every run with the same Qt (no time stamp or other
metadata is written), and tests/test_desktop_entry.py checks the committed files still match a
fresh rendering of the SVG.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "resources" / "pi-desktop.svg"
OUT = ROOT / "resources" / "hicolor"
SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)  # pi_desktop.desktop_entry.ICON_SIZES


def render(svg: Path, size: int) -> QImage:
    """The SVG drawn into a transparent ``size`` x ``size`` image, antialiased."""
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"render_icons: {svg} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    return image


def png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG", 0)  # for PNG Qt's quality 0 is the strongest compression
    buffer.close()
    return bytes(data.data())


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 (fonts, plugins)
    for size in SIZES:
        target = OUT / f"{size}x{size}" / "apps" / "pi-desktop.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(png_bytes(render(SVG, size)))
        print(f"{target.relative_to(ROOT)}: {target.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

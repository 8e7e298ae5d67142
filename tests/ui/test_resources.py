from pi_desktop.ui.resources import app_icon, resource_path


def test_app_icon_is_shipped_and_renders(qapp):
    path = resource_path("pi-desktop.svg")
    assert path is not None and path.read_text().startswith("<svg")
    icon = app_icon()
    assert not icon.isNull()
    pixmap = icon.pixmap(64, 64)
    assert not pixmap.isNull() and pixmap.width() == 64
    image = pixmap.toImage()
    assert image.pixelColor(32, 6).blue() > image.pixelColor(32, 6).red()  # the blue tile


def test_missing_resource_is_none():
    assert resource_path("no-such-file.png") is None


def test_app_icon_has_every_png_size_and_needs_no_svg_engine(qapp):
    """The window icon (``app.setWindowIcon``) is built from the committed PNGs, so a bundle or
    a Qt without the SVG icon plugin still shows it at every size a panel asks for."""
    from PySide6.QtCore import QSize

    from pi_desktop.ui.resources import ICON_SIZES

    icon = app_icon()
    assert {(s.width(), s.height()) for s in icon.availableSizes()} == {(n, n) for n in ICON_SIZES}
    for n in (16, 48, 512):
        assert icon.pixmap(QSize(n, n)).width() == n

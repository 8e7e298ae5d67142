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

"""Model-written rich text never loads local resources and never opens a link silently.

``![x](file:///proc/self/environ)`` or ``file:///dev/zero`` in an answer or a summary must
not be read (the first leaks the environment, the second grows the process until it dies);
``qrc:``, ``data:`` and relative sources are refused too. Links: web links open after a
confirmation that shows the address; anything else is shown and never opened.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QUrl
from PySide6.QtGui import QColor, QImage, QTextDocument
from PySide6.QtWidgets import QLabel, QMessageBox, QTextBrowser

from pi_desktop.ui.chat.conversation import ConversationView
from pi_desktop.ui.dialogs.summary_viewer import SummaryViewer
from pi_desktop.ui.text.safe_text import SafeBrowser, SafeDocument, blocked_image
from tests.ui.shots import save_shot

IMAGE = QTextDocument.ResourceType.ImageResource.value
HOSTILE_SOURCES = [
    "file:///proc/self/environ",
    "file:///dev/zero",
    "qrc:/qt-project.org/styles/commonstyle/images/file-16.png",
    "secret.png",
    "../../etc/passwd",
    "data:image/png;base64,iVBORw0KGgo=",
    "https://example.invalid/tracker.png",  # remote images are off by default
]


@pytest.fixture
def local_png(tmp_path):
    """A real image on disk: a document without the hook would load it (the control case)."""
    path = tmp_path / "pixel.png"
    image = QImage(4, 4, QImage.Format.Format_RGB32)
    image.fill(QColor("red"))
    assert image.save(str(path))
    return QUrl.fromLocalFile(str(path)).toString()


def _markdown(sources: list[str]) -> str:
    return "Look:\n\n" + "\n\n".join(f"![x{i}]({src})" for i, src in enumerate(sources)) + "\n"


def _image_sources(doc: QTextDocument) -> list[str]:
    """The image sources the document holds (its fragments with an image format)."""
    found = []
    block = doc.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fmt = it.fragment().charFormat()
            if fmt.isImageFormat():
                found.append(fmt.toImageFormat().name())
            it += 1
        block = block.next()
    return found


def _assert_nothing_loaded(doc: SafeDocument, sources: list[str]) -> None:
    held = _image_sources(doc)
    assert held, "the images must still be in the document (shown as not loaded)"
    for src in held:
        url = QUrl(src)
        assert src in doc.asked or url.toString() in doc.asked  # the hook was asked ...
        # ... and answered with the app's own placeholder: no byte of the source was read
        assert doc.resource(IMAGE, url) == blocked_image()
    assert len(doc.refused) >= len(set(sources))


def test_a_plain_document_would_load_the_local_file(qapp, local_png):
    """The control: without the hook Qt reads a local image, so the tests below can fail."""
    browser = QTextBrowser()
    browser.setMarkdown(f"![x]({local_png})")
    assert browser.document().resource(IMAGE, QUrl(local_png)) is not None


def test_an_answer_loads_no_local_image(qtbot, local_png, artifacts):
    view = ConversationView()
    qtbot.addWidget(view)
    view.resize(700, 500)
    view.show()
    sources = [*HOSTILE_SOURCES, local_png]
    card = view.add_message("assistant", _markdown(sources), "e1")
    doc = card.body.safe_document()
    qtbot.waitUntil(lambda: len(doc.asked) >= len(sources))
    _assert_nothing_loaded(doc, sources)
    assert card.body.toPlainText().count("image not loaded: ") == len(sources)
    assert "image not loaded: file:///dev/zero" in card.body.toPlainText()
    qtbot.wait(50)  # let the rows settle before the screenshot
    save_shot(view, "refused-images-answer")


def test_a_streamed_answer_loads_no_local_image(qtbot, local_png):
    view = ConversationView()
    qtbot.addWidget(view)
    view.resize(700, 500)
    view.show()
    text = _markdown([*HOSTILE_SOURCES, local_png])
    for i in range(0, len(text), 7):
        view.append_delta(text[i : i + 7])
    view.end_stream()
    (card,) = view.message_cards()
    qtbot.waitUntil(lambda: not card.body.streaming)
    doc = card.body.safe_document()
    qtbot.waitUntil(lambda: len(doc.asked) >= len(HOSTILE_SOURCES) + 1)
    _assert_nothing_loaded(doc, [*HOSTILE_SOURCES, local_png])


def test_a_summary_loads_no_local_image(qtbot, local_png, artifacts):
    entry = SimpleNamespace(summary=_markdown([*HOSTILE_SOURCES, local_png]), tokens_before=10)
    viewer = SummaryViewer(entry)
    qtbot.addWidget(viewer)
    viewer.show()
    doc = viewer.browser.safe_document()
    doc.size()  # lay it out (as the first paint does)
    qtbot.waitUntil(lambda: len(doc.asked) >= len(HOSTILE_SOURCES) + 1)
    _assert_nothing_loaded(doc, [*HOSTILE_SOURCES, local_png])
    assert "image not loaded: file:///proc/self/environ" in viewer.browser.toPlainText()
    save_shot(viewer, "refused-images-summary")


def test_the_widget_loader_refuses_too(qapp, local_png):
    browser = SafeBrowser()
    assert browser.loadResource(IMAGE, QUrl(local_png)) is None
    browser.setSource(QUrl(local_png))  # what a followed link would do
    assert browser.document().resource(IMAGE, QUrl(local_png)) == blocked_image()


def _click_link(qtbot, browser: SafeBrowser, href: str) -> QMessageBox:
    browser.anchorClicked.emit(QUrl(href))  # what a click on the anchor emits
    box = browser.link_dialog
    assert box is not None and box.isVisible()
    return box


@pytest.mark.parametrize(
    "href",
    ["file:///home/user/evil.desktop", "javascript:alert(1)", "relative/path.sh", "smb://host/x"],
)
def test_a_non_web_link_is_shown_and_never_opened(qtbot, href):
    browser = SafeBrowser()
    qtbot.addWidget(browser)
    browser.show()
    opened: list[QUrl] = []
    browser.open_url = opened.append
    box = _click_link(qtbot, browser, href)
    assert any(QUrl(href).toString() == label.text() for label in box.findChildren(QLabel))
    assert box.standardButtons() == QMessageBox.StandardButton.Close
    box.button(QMessageBox.StandardButton.Close).click()
    qtbot.waitUntil(lambda: browser.link_dialog is None)
    assert opened == []


def test_a_web_link_opens_only_after_confirming_the_address(qtbot):
    view = ConversationView()
    qtbot.addWidget(view)
    view.show()
    card = view.add_message("assistant", "See [the docs](https://example.org/a?b=1).", "e1")
    body = card.body
    opened: list[QUrl] = []
    body.open_url = opened.append
    box = _click_link(qtbot, body, "https://example.org/a?b=1")
    labels = [label.text() for label in box.findChildren(QLabel)]
    assert "https://example.org/a?b=1" in labels  # the whole address is shown
    box.button(QMessageBox.StandardButton.Cancel).click()
    qtbot.waitUntil(lambda: body.link_dialog is None)
    assert opened == []
    box = _click_link(qtbot, body, "https://example.org/a?b=1")
    box.button(QMessageBox.StandardButton.Open).click()
    assert opened == [QUrl("https://example.org/a?b=1")]


def test_the_copy_link_still_copies_without_a_dialog(qtbot):
    view = ConversationView()
    qtbot.addWidget(view)
    card = view.add_message("assistant", "```py\nx = 1\n```\n", "e1")
    with qtbot.waitSignal(card.body.codeCopied):
        card.body.anchorClicked.emit(QUrl("copy:0"))
    assert card.body.link_dialog is None


# -- remote images: off by default, on by a setting ---------------------------------------


@pytest.fixture
def image_server(tmp_path):
    """A loopback HTTP server: /pixel.png (a real PNG), /huge.png (over the byte cap) and
    /to-file (a redirect to a local file)."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    image = QImage(6, 6, QImage.Format.Format_RGB32)
    image.fill(QColor("blue"))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    png = bytes(data.data())
    hits: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            hits.append(self.path)
            if self.path == "/to-file":
                self.send_response(302)
                self.send_header("Location", QUrl.fromLocalFile(str(tmp_path / "x.png")).toString())
                self.end_headers()
                return
            body = png if self.path == "/pixel.png" else b"\0" * (5 * 1024 * 1024)
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", hits
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def remote_on():
    from pi_desktop.ui.text.safe_text import image_policy

    image_policy().set_remote_images(True)
    yield
    image_policy().set_remote_images(False)


def test_remote_images_are_not_fetched_by_default(qtbot, image_server):
    base, hits = image_server
    view = ConversationView()
    qtbot.addWidget(view)
    view.show()
    card = view.add_message("assistant", f"![p]({base}/pixel.png)", "e1")
    doc = card.body.safe_document()
    qtbot.waitUntil(lambda: bool(doc.asked))
    qtbot.wait(100)
    assert hits == [] and doc.refused == [f"{base}/pixel.png"]


def test_allowed_remote_images_load_capped_and_never_via_a_local_redirect(
    qtbot, image_server, remote_on, tmp_path
):
    from pi_desktop.ui.text.safe_text import remote_images

    base, hits = image_server
    (tmp_path / "x.png").write_bytes(b"not reached")
    view = ConversationView()
    qtbot.addWidget(view)
    view.show()
    text = f"![p]({base}/pixel.png) ![h]({base}/huge.png) ![r]({base}/to-file)"
    card = view.add_message("assistant", text, "e1")
    doc = card.body.safe_document()
    qtbot.waitUntil(lambda: len(hits) == 3, timeout=10_000)
    qtbot.waitUntil(lambda: doc.resource(IMAGE, QUrl(f"{base}/pixel.png")) != blocked_image())
    pixel = doc.resource(IMAGE, QUrl(f"{base}/pixel.png"))
    assert pixel.size().width() == 6
    qtbot.waitUntil(lambda: f"{base}/huge.png" in remote_images()._failed, timeout=10_000)
    qtbot.waitUntil(lambda: f"{base}/to-file" in remote_images()._failed, timeout=10_000)
    assert doc.resource(IMAGE, QUrl(f"{base}/huge.png")) == blocked_image()
    assert doc.resource(IMAGE, QUrl(f"{base}/to-file")) == blocked_image()
    assert "image not loaded" not in card.body.toPlainText()  # web images were allowed


def test_the_remote_images_setting_is_off_by_default_and_switches_the_policy(kit, qtbot):
    from dataclasses import replace

    from pi_desktop.agent.offline.provider import OfflineLLM
    from pi_desktop.ui.dialogs.settings_dialog import PresetChoice, SettingsDialog
    from pi_desktop.ui.settings import AppSettings
    from pi_desktop.ui.text.safe_text import image_policy

    assert AppSettings().remote_images is False
    dialog = SettingsDialog(AppSettings(), [PresetChoice("offline", "Offline")], kit.key_store)
    qtbot.addWidget(dialog)
    assert not dialog.remote_images.isChecked()
    dialog.remote_images.setChecked(True)
    assert dialog.result_settings().remote_images is True
    window = kit.window(OfflineLLM(), offline=True)
    assert image_policy().remote_images is False
    try:
        window.apply_settings(replace(window.settings, remote_images=True))
        assert image_policy().remote_images is True
        assert kit.settings_store().load().remote_images is True
    finally:
        window.apply_settings(replace(window.settings, remote_images=False))
    assert image_policy().remote_images is False


HOSTILE_PIECES = [
    "![a](file:///proc/self/environ)",
    "![b](/dev/zero)",
    "![c](qrc:/x.png)",
    "![d](../secret.png)",
    '<img src="/proc/self/environ">',
    "<img src='file:///dev/zero' width=99999 height=99999>",
    '<div style="background-image:url(file:///dev/zero)">bg</div>',
    '<table background="file:///etc/passwd"><tr><td>t</td></tr></table>',
    "[link](file:///home/u/evil.desktop)",
    "> > > > > > > > > > > > quote",
    "- - - - - - - - - - - - list",
    "```\ncode ![x](file:///dev/zero)\n```",
    "x" * 300,
    "\n\n",
    "plain words ",
]


@settings(max_examples=40, deadline=None)
@given(pieces=st.lists(st.sampled_from(HOSTILE_PIECES), min_size=1, max_size=25))
def test_hostile_markdown_never_loads_a_resource(qapp, pieces):
    """Whatever mix of images, raw HTML, backgrounds and nesting a model writes: every
    resource the documents were asked for is answered by the placeholder, none is read."""
    text = "Answer: " + "".join(pieces)
    view = ConversationView()
    view.resize(600, 400)
    view.show()
    card = view.add_message("assistant", text, "e1")
    for i in range(0, len(text), 11):
        view.append_delta(text[i : i + 11])
    view.end_stream()
    qapp.processEvents()
    streamed = view.message_cards()[-1]
    for body in (card.body, streamed.body):
        doc = body.safe_document()
        doc.size()  # lay out
        for src in doc.asked:
            assert doc.resource(IMAGE, QUrl(src)) == blocked_image()
        for src in _image_sources(doc):
            assert doc.resource(IMAGE, QUrl(src)) == blocked_image()
        assert body.text == text
    view.close()


@pytest.mark.parametrize("lang", ["", "python", "html", "json", "unknown-lang"])
def test_rich_text_labels_get_markup_escaped(lang):
    """The code label of a tool call is a rich-text QLabel (its document is not ours): the
    model's text must arrive escaped, so no <img> it writes can become an image tag."""
    from pi_desktop.ui.text.highlight import code_html

    rendered = code_html('<img src="file:///dev/zero"> <b>x</b>', lang)
    assert "<img" not in rendered and "<b>" not in rendered
    assert "&lt;" in rendered or "&#60;" in rendered


def test_a_look_alike_host_is_also_shown_as_sent(qtbot):
    browser = SafeBrowser()
    qtbot.addWidget(browser)
    browser.show()
    browser.open_url = lambda url: None
    box = _click_link(qtbot, browser, "https://\u0430pple.com/login")  # Cyrillic "а"
    labels = "\n".join(label.text() for label in box.findChildren(QLabel))
    assert "xn--pple-43d.com" in labels
    box.button(QMessageBox.StandardButton.Cancel).click()

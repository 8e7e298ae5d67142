"""Rich text from a model or a file that never reaches into the local machine.

A message or a summary is written by a model, and a model repeats what a web page or a
cloned repository told it. Qt's rich text would load ``<img src="file:///proc/self/environ">``
(or ``file:///dev/zero``, which grows the process until it dies) from disk, and a
``QTextBrowser`` opens a clicked ``file:`` link — an ``evil.desktop`` included. So every
rich-text view here uses ``SafeDocument``, whose ``loadResource`` answers a placeholder drawn
in code for local, ``qrc:``, ``data:`` and relative sources — and for web images unless the
user allowed them (then they are fetched asynchronously, size-capped). The hook is on the
document, not only on the widget, because QTextDocument's own fallback reads local files; and
it answers *something*, because for a source answered with nothing Qt's image handler calls
``QImage.load(name)`` on the path. ``SafeBrowser`` never follows a link itself: web links
open after the user confirmed the address, anything else is shown and not opened. Dialogs
are non-blocking (``open()``): no nested event loop inside the app's coroutines.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, QUrl, Signal
from PySide6.QtGui import (
    QDesktopServices,
    QGuiApplication,
    QImage,
    QPainter,
    QPalette,
    QPen,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import QMessageBox, QTextBrowser, QWidget

from pi_desktop.ui.i18n import tr
from pi_desktop.ui.theme import color as theme_color

WEB_SCHEMES = ("http", "https")
MAX_SHOWN_URL = 2_000  # a link can be megabytes long; the dialog shows its head
MAX_ASKED = 256  # how many asked-for sources a document remembers (tests, diagnostics)


class ImagePolicy(QObject):
    """Whether remote (http/https) images may load; local sources never load.

    One per application, set from the settings ("remote_images", off by default); documents
    read it when they lay an image out, so it applies to what is drawn from then on."""

    def __init__(self) -> None:
        super().__init__()
        self.remote_images = False

    def set_remote_images(self, enabled: bool) -> None:
        self.remote_images = bool(enabled)


_POLICY: ImagePolicy | None = None


def image_policy() -> ImagePolicy:
    global _POLICY
    if _POLICY is None:
        _POLICY = ImagePolicy()
    return _POLICY


def is_web_url(url: QUrl) -> bool:
    """An absolute http(s) URL with a host: the only kind a view may hand to the browser."""
    return url.isValid() and url.scheme().lower() in WEB_SCHEMES and bool(url.host())


def shown_url(url: QUrl) -> str:
    """The address as the confirmation shows it; a non-ASCII host also as it is sent
    (``xn--…``), so a look-alike domain cannot pass for the real one."""
    text = url.toString()
    if len(text) > MAX_SHOWN_URL:
        text = text[: MAX_SHOWN_URL - 1] + "…"
    sent_host = bytes(QUrl.toAce(url.host())).decode("ascii", "replace")
    if url.host() and sent_host != url.host():
        text += f"\n(the host as sent: {sent_host})"
    return text


_BLOCKED: QImage | None = None


def blocked_image() -> QImage:
    """What a refused image shows: a small crossed-out frame drawn here, never read from a file.

    Answering *something* matters: for a source the document returns nothing for, Qt's image
    handler tries ``QImage.load(name)`` directly — a relative or absolute path on disk."""
    global _BLOCKED
    if _BLOCKED is None:
        image = QImage(18, 18, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setPen(QPen(theme_color("image_placeholder"), 1.5))  # grey in both schemes
        painter.drawRect(2, 2, 14, 14)
        painter.drawLine(3, 15, 15, 3)
        painter.end()
        _BLOCKED = image
    return _BLOCKED


class SafeDocument(QTextDocument):
    """A text document that loads no local resource, ever.

    ``asked`` records what the layout asked for and ``refused`` what it was denied, so a test
    (or a curious user) can see that ``file:``/``qrc:``/relative sources were turned down; a
    refused image is answered with ``blocked_image()``. Remote images load only when the
    user allowed them, through ``RemoteImages`` (asynchronous, size-capped); ``imagesChanged``
    then tells the view to lay out again.
    """

    imagesChanged = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.asked: list[str] = []  # each source once, in the order first asked
        self.refused: list[str] = []
        self._seen: set[str] = set()

    def loadResource(self, kind: int, url: QUrl) -> None:
        """Never calls the base class: it would read a local file or a ``qrc:`` resource."""
        key = url.toString()[:MAX_SHOWN_URL]
        first_time = key not in self._seen and len(self._seen) < MAX_ASKED
        if first_time:
            self._seen.add(key)
            self.asked.append(key)
        allowed = (
            kind == QTextDocument.ResourceType.ImageResource.value
            and is_web_url(url)
            and image_policy().remote_images
        )
        if allowed:
            remote_images().request(self, url)  # added to the document when it arrived
        elif first_time:
            self.refused.append(key)
        if kind == QTextDocument.ResourceType.ImageResource.value:
            return blocked_image()  # also while a remote image is on its way
        return None


def may_hold_images(text: str) -> bool:
    """Cheap pre-check so the fragment walk below runs only for texts that show images."""
    return "![" in text or "<img" in text.lower() or "background" in text.lower()


def label_blocked_images(doc: QTextDocument) -> int:
    """Write "image not loaded: <source>" after every image the policy refuses, so the reader
    sees why there is only a crossed-out box (and where it pointed). Returns how many."""
    remote = image_policy().remote_images
    spots: list[tuple[int, str]] = []
    block = doc.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            fmt = fragment.charFormat()
            if fmt.isImageFormat():
                name = fmt.toImageFormat().name()
                if not (remote and is_web_url(QUrl(name))):
                    spots.append((fragment.position() + fragment.length(), name))
            it += 1
        block = block.next()
    note = QTextCharFormat()
    note.setForeground(QGuiApplication.palette().color(QPalette.ColorRole.PlaceholderText))
    note.setFontItalic(True)
    for position, name in reversed(spots):  # from the end: earlier positions stay valid
        cursor = QTextCursor(doc)
        cursor.setPosition(position)
        shown = name if len(name) <= 80 else name[:79] + "…"
        cursor.insertText(f" image not loaded: {shown}", note)
    return len(spots)


MAX_IMAGE_BYTES = 4 * 1024 * 1024
MAX_IMAGE_PIXELS_MB = 64  # decoded size cap (QImageReader allocation limit, in MB)


class RemoteImages(QObject):
    """Fetches http(s) images for documents, only when the user allowed remote images.

    Asynchronous (QNetworkAccessManager never blocks the loop), capped in bytes and in decoded
    size, redirects only to an equally safe scheme (never to ``file:``), one request per
    address however many documents show it; a failed address is not retried."""

    def __init__(self) -> None:
        super().__init__()
        from PySide6.QtNetwork import QNetworkAccessManager

        self._nam = QNetworkAccessManager(self)
        self._waiting: dict[str, list[weakref.ref[SafeDocument]]] = {}
        self._failed: set[str] = set()
        self.loaded: dict[str, QImage] = {}

    def request(self, doc: SafeDocument, url: QUrl) -> None:
        from PySide6.QtNetwork import QNetworkRequest

        key = url.toString()
        if key in self._failed:
            return
        if key in self.loaded:
            self._deliver(doc, key, self.loaded[key])
            return
        if key in self._waiting:
            self._waiting[key].append(weakref.ref(doc))
            return
        self._waiting[key] = [weakref.ref(doc)]
        request = QNetworkRequest(url)
        request.setAttribute(
            QNetworkRequest.Attribute.RedirectPolicyAttribute,
            QNetworkRequest.RedirectPolicy.NoLessSafeRedirectPolicy,
        )
        request.setMaximumRedirectsAllowed(3)
        request.setTransferTimeout(15_000)
        reply = self._nam.get(request)

        def progress(received: int, total: int) -> None:
            if received > MAX_IMAGE_BYTES or total > MAX_IMAGE_BYTES:
                reply.abort()

        reply.downloadProgress.connect(progress)
        reply.finished.connect(lambda: self._finished(reply, key))

    def _finished(self, reply, key: str) -> None:
        from PySide6.QtCore import QBuffer
        from PySide6.QtGui import QImageReader
        from PySide6.QtNetwork import QNetworkReply

        docs = self._waiting.pop(key, [])
        image = QImage()
        if reply.error() == QNetworkReply.NetworkError.NoError:
            data = reply.readAll()
            if data.size() <= MAX_IMAGE_BYTES:
                buffer = QBuffer(data)
                reader = QImageReader(buffer)
                reader.setAllocationLimit(MAX_IMAGE_PIXELS_MB)
                image = reader.read()
        reply.deleteLater()
        if image.isNull():
            self._failed.add(key)
            return
        self.loaded[key] = image
        for ref in docs:
            doc = ref()
            if doc is not None:
                self._deliver(doc, key, image)

    @staticmethod
    def _deliver(doc: SafeDocument, key: str, image: QImage) -> None:
        doc.addResource(QTextDocument.ResourceType.ImageResource.value, QUrl(key), image)
        doc.markContentsDirty(0, doc.characterCount())
        doc.imagesChanged.emit()


_REMOTE: RemoteImages | None = None


def remote_images() -> RemoteImages:
    global _REMOTE
    if _REMOTE is None:
        _REMOTE = RemoteImages()
    return _REMOTE


class SafeBrowser(QTextBrowser):
    """A read-only rich-text view over a ``SafeDocument`` that asks before opening links.

    ``open_url`` is what finally opens a confirmed web link (the system browser; a test passes
    a recorder). ``link_dialog`` is the confirmation or notice on screen, if any.
    """

    linkRefused = Signal(str)  # a non-web link was clicked and shown, not opened

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDocument(SafeDocument(self))
        self.setOpenLinks(False)  # a clicked link would otherwise load into this view
        self.setOpenExternalLinks(False)
        self.open_url: Callable[[QUrl], object] = QDesktopServices.openUrl
        self.link_dialog: QMessageBox | None = None
        self.anchorClicked.connect(self.handle_link)

    def set_safe_markdown(self, text: str) -> None:
        """``setMarkdown`` plus a visible note after each image that will not load."""
        self.setMarkdown(text)
        if may_hold_images(text):
            label_blocked_images(self.document())

    def safe_document(self) -> SafeDocument:
        doc = self.document()
        assert isinstance(doc, SafeDocument)
        return doc

    def loadResource(self, kind: int, url: QUrl) -> None:
        """The widget's own loader (used by ``setSource``) reads local files: never here."""
        return None

    def handle_link(self, url: QUrl) -> None:
        """A web link opens after a confirmation that shows the whole address; any other
        link (``file:``, ``javascript:``, a relative path) is shown and never opened."""
        if self.link_dialog is not None:
            self.link_dialog.close()
        if is_web_url(url):
            box = QMessageBox(
                QMessageBox.Icon.Question,
                tr("SafeText", "Open link?"),
                tr("SafeText", "Open this address in your web browser?"),
                QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
                self,
            )
            box.setDefaultButton(QMessageBox.StandardButton.Cancel)
            target = QUrl(url)
            box.accepted.connect(lambda: self.open_url(target))
        else:
            box = QMessageBox(
                QMessageBox.Icon.Information,
                tr("SafeText", "Link not opened"),
                tr(
                    "SafeText",
                    "Only web links (http, https) open from here. This link was not opened:",
                ),
                QMessageBox.StandardButton.Close,
                self,
            )
            copy = box.addButton(tr("SafeText", "Copy link"), QMessageBox.ButtonRole.ActionRole)
            text = url.toString()
            copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(text))
            self.linkRefused.emit(url.toString()[:MAX_SHOWN_URL])
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setInformativeText(shown_url(url))
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.finished.connect(lambda _result, b=box: self._forget(b))
        self.link_dialog = box
        box.open()  # never exec(): the app's loop is asyncio on Qt

    def _forget(self, box: QMessageBox) -> None:
        if self.link_dialog is box:
            self.link_dialog = None
        box.deleteLater()

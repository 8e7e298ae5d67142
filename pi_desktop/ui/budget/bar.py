"""The token-budget bar: how full the context is, where compaction starts, and when it happened.

Painted by hand (not a QProgressBar) so the threshold tick, the zone colours and the brief
"ghost" of the level before a compaction can be drawn; the ghost fades with a
QVariantAnimation, so nothing blocks the event loop. The ghost is hatched and outlined, never
a solid fill, and clamped to the track: it must read as "the level it dropped from", not as a
second, over-budget fill.
"""

from __future__ import annotations

import html
from typing import Literal

from PySide6.QtCore import QEasingCurve, QLocale, QRectF, QSize, Qt, QVariantAnimation, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetrics,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from pi_desktop.context.report import PrepareReport
from pi_desktop.context.tokens import CHARS_PER_TOKEN
from pi_desktop.ui.i18n import say, tr, trf
from pi_desktop.ui.i18n import tokens as format_tokens
from pi_desktop.ui.theme import Theme, theme_for

Zone = Literal["ok", "warn", "over"]

GHOST_MS = 1400
WARN_FRACTION = 0.6  # of the threshold: the bar turns amber when compaction is getting close


def zone_for(tokens: int, budget: int | None, threshold: float) -> Zone:
    """ok below 60 % of the threshold, warn up to the threshold, over at or past it."""
    if not budget:
        return "ok"
    limit = budget * threshold
    if tokens >= limit:
        return "over"
    if tokens >= limit * WARN_FRACTION:
        return "warn"
    return "ok"


def zone_colour(theme: Theme, zone: Zone) -> QColor:
    """The fill colour of a zone (the bar's level and the ghost of the level it left)."""
    return {"ok": theme.ok, "warn": theme.warn, "over": theme.over}[zone]


def bar_text(tokens: int, budget: int | None) -> str:
    """'12.3k / 32k tokens (38 %)', or '12.3k tokens · no limit' when management is off."""
    if not budget:
        return trf("BudgetBar", "%1 tokens · no limit", format_tokens(tokens))
    pct = round(100 * tokens / budget)
    return trf(
        "BudgetBar", "%1 / %2 tokens (%3 %)", format_tokens(tokens), format_tokens(budget), pct
    )


def ghost_span(ghost_tokens: int, tokens: int, budget: int | None) -> tuple[float, float] | None:
    """The part of the track (fractions 0..1) the context dropped out of, or None if nothing.

    Clamped to the track: a pre-compaction estimate over budget ends at the right edge instead
    of implying the view is still too large.
    """
    if not budget or ghost_tokens <= tokens:
        return None
    start = min(1.0, max(0, tokens) / budget)
    end = min(1.0, ghost_tokens / budget)
    return (start, end) if end > start else None


def streamed_tokens(chars: int, ratio: float | None) -> int:
    """Tokens an answer of ``chars`` characters adds to the next view (the estimate's rule:
    the usage anchor's ratio when there is one, else ``CHARS_PER_TOKEN``)."""
    if chars <= 0:
        return 0
    return max(1, int(chars * ratio)) if ratio else max(1, chars // CHARS_PER_TOKEN)


def threshold_line(tokens: int, budget: int, threshold: float) -> str:
    """What happens next: over the threshold the next message is preceded by a summary."""
    limit = int(budget * threshold)
    pct = round(threshold * 100)
    if tokens >= limit:
        return trf(
            "BudgetBar",
            "Past %1 % (%2 tokens): older turns will be summarized before your next message.",
            pct,
            format_tokens(limit),
        )
    return trf(
        "BudgetBar",
        "Older turns are summarized when it passes %1 % (%2 tokens).",
        pct,
        format_tokens(limit),
    )


def report_line(report: PrepareReport) -> str:
    """One line on what the layers did, so nothing dropped from the view goes unnoticed."""
    parts = [trf("BudgetBar", "view %1 of %Ln message(s)", report.view_count, n=report.input_count)]
    if report.offloaded:
        parts.append(trf("BudgetBar", "%1 offloaded to disk", len(report.offloaded)))
    if report.snipped:
        parts.append(trf("BudgetBar", "%1 snipped", len(report.snipped)))
    if report.micro_compacted:
        parts.append(trf("BudgetBar", "%1 placeholdered", len(report.micro_compacted)))
    if report.summarized:
        parts.append(tr("BudgetBar", "summarized now"))
    elif report.cache_used:
        parts.append(tr("BudgetBar", "summary cache used"))
    if report.summary_failed:
        parts.append(trf("BudgetBar", "summary failed: %1", say(report.summary_failed)))
    return " · ".join(parts)


def summaries_words(count: int) -> str:
    """'no summary yet', '1 summary so far', '5 summaries so far'."""
    if count <= 0:
        return tr("BudgetBar", "no summary yet")
    return tr("BudgetBar", "%Ln summary(ies) so far", n=count)


def plain_line(tokens: int, budget: int | None, compactions: int) -> str:
    """The tooltip's first line, in words: '32 % of the context used · 2 summaries so far'."""
    if not budget:
        return trf("BudgetBar", "%1 tokens in the context · no limit set", format_tokens(tokens))
    return trf(
        "BudgetBar",
        "%1 % of the context used · %2",
        round(100 * tokens / budget),
        summaries_words(compactions),
    )


class BudgetBar(QWidget):
    """Estimated tokens of the last prepared view against the budget, with the threshold tick.

    A click emits ``clicked`` (the window opens the context breakdown).
    """

    clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self._tokens = 0
        self._base_tokens = 0  # the prepared view's figure; ``_tokens`` adds the stream to it
        self._streamed_chars = 0
        self._budget: int | None = None
        self._threshold = 0.8
        self._ratio: float | None = None
        self._prompt_tokens: int | None = None
        self._report: PrepareReport | None = None
        self._compactions = 0
        self._last_drop: tuple[int, int] | None = None
        self._offline = False
        self._ghost_tokens: int | None = None
        self._ghost_opacity = 0.0
        self._ghost = QVariantAnimation(self)
        self._ghost.setDuration(GHOST_MS)
        self._ghost.setStartValue(1.0)
        self._ghost.setEndValue(0.0)
        self._ghost.setEasingCurve(QEasingCurve.Type.InQuad)
        self._ghost.valueChanged.connect(self._on_ghost)
        self._ghost.finished.connect(self._end_ghost)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(160)
        self.setAccessibleName(tr("BudgetBar", "Token budget"))
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # Enter / Space open the breakdown
        self._update_tooltip()

    # ---- state ------------------------------------------------------------------------------

    @property
    def tokens(self) -> int:
        return self._tokens

    @property
    def budget(self) -> int | None:
        return self._budget

    @property
    def threshold(self) -> float:
        return self._threshold

    @property
    def zone(self) -> Zone:
        return zone_for(self._tokens, self._budget, self._threshold)

    @property
    def compactions(self) -> int:
        return self._compactions

    @property
    def ghost_tokens(self) -> int | None:
        """The pre-compaction level while its ghost is still fading, else None."""
        return self._ghost_tokens

    @property
    def text(self) -> str:
        return bar_text(self._tokens, self._budget)

    def set_estimate(
        self,
        tokens: int,
        budget: int | None,
        threshold: float = 0.8,
        *,
        ratio: float | None = None,
        prompt_tokens: int | None = None,
        report: PrepareReport | None = None,
    ) -> None:
        """Show the estimate of the view just prepared (call on every prepare); an answer
        streamed before it is part of that view now, so its running estimate ends here."""
        self._base_tokens = self._tokens = max(0, int(tokens))
        self._streamed_chars = 0
        self._budget = budget if budget and budget > 0 else None
        self._threshold = threshold
        if ratio is not None:
            self._ratio = ratio
        if prompt_tokens is not None:
            self._prompt_tokens = prompt_tokens
        if report is not None:
            self._report = report
        self._update_tooltip()
        self.update()

    @property
    def streamed_tokens(self) -> int:
        """The running estimate of the answer being streamed (0 between runs)."""
        return self._tokens - self._base_tokens

    def add_streamed(self, chars: int) -> None:
        """The answer grew by ``chars`` characters: the bar follows it while it streams."""
        if chars <= 0:
            return
        self._streamed_chars += chars
        self._tokens = self._base_tokens + streamed_tokens(self._streamed_chars, self._ratio)
        self._update_tooltip()
        self.update()

    def set_prompt_tokens(self, prompt_tokens: int | None) -> None:
        """The provider's count for the last request (it arrives after the estimate)."""
        self._prompt_tokens = prompt_tokens
        self._update_tooltip()

    def mark_compacted(self, tokens_before: int, tokens_after: int) -> None:
        """Count a compaction and show the drop: the old level lingers as a fading ghost.

        The window then sets the session's own count (``set_compactions``), so the figure
        agrees with the tree whatever happened before this process started.
        """
        self._compactions += 1
        self._last_drop = (tokens_before, tokens_after)
        self._ghost_tokens = max(tokens_before, self._tokens)
        self._base_tokens = self._tokens = max(0, int(tokens_after))
        self._streamed_chars = 0
        self._ghost.stop()
        self._ghost_opacity = 1.0
        self._ghost.start()
        self._update_tooltip()
        self.update()

    def set_compactions(self, count: int, last_drop: tuple[int, int] | None = None) -> None:
        """The session's summaries on the current branch and the latest one's drop."""
        self._compactions = max(0, int(count))
        self._last_drop = last_drop
        self._update_tooltip()

    def reset_compactions(self) -> None:
        """A different session was opened: its compaction count starts from zero, and the
        previous session's drop is not shown over the new one's level."""
        self._compactions = 0
        self._last_drop = None
        self._ghost.stop()
        self._end_ghost()
        self._update_tooltip()

    def set_offline(self, offline: bool) -> None:
        """Offline provider: the bar still works (estimates are local) but says so."""
        self._offline = offline
        self._update_tooltip()
        self.update()

    # ---- ghost animation --------------------------------------------------------------------

    def _on_ghost(self, value: object) -> None:
        self._ghost_opacity = float(value)  # type: ignore[arg-type]
        self.update()

    def _end_ghost(self) -> None:
        self._ghost_tokens = None
        self._ghost_opacity = 0.0
        self.update()

    # ---- tooltip ----------------------------------------------------------------------------

    def _update_tooltip(self) -> None:
        lines = [plain_line(self._tokens, self._budget, self._compactions)]
        if self._budget:
            lines.append(threshold_line(self._tokens, self._budget, self._threshold))
        else:
            lines.append(
                tr("BudgetBar", "Context management is off: everything is sent every time.")
            )
        if self._offline:
            lines.append(
                tr("BudgetBar", "Offline provider: the counts are this app's own estimates.")
            )
        if self.streamed_tokens:
            lines.append(
                trf(
                    "BudgetBar",
                    "Includes about %1 tokens of the answer being written.",
                    format_tokens(self.streamed_tokens),
                )
            )
        rows: list[tuple[str, str]] = [
            (tr("BudgetBar", "Estimate"), trf("BudgetBar", "%1 tokens", self._tokens))
        ]
        locale = QLocale()
        if self._budget:
            pct = 100 * self._tokens / self._budget
            limit = int(self._budget * self._threshold)
            rows.append(
                (
                    tr("BudgetBar", "Budget"),
                    trf(
                        "BudgetBar",
                        "%1 tokens (%2 % used)",
                        self._budget,
                        locale.toString(pct, "f", 1),
                    ),
                )
            )
            rows.append(
                (
                    tr("BudgetBar", "Compaction at"),
                    trf("BudgetBar", "%1 % = %2 tokens", round(self._threshold * 100), limit),
                )
            )
        else:
            rows.append(
                (tr("BudgetBar", "Budget"), tr("BudgetBar", "none — context management is off"))
            )
        rows.append(
            (
                tr("BudgetBar", "Tokens per character"),
                locale.toString(self._ratio, "f", 4) if self._ratio else tr("BudgetBar", "not yet"),
            )
        )
        rows.append(
            (
                tr("BudgetBar", "Last request"),
                trf("BudgetBar", "%1 tokens by the provider's count", self._prompt_tokens)
                if self._prompt_tokens is not None
                else "—",
            )
        )
        comp = trf("BudgetBar", "%1 on this branch", self._compactions)
        if self._last_drop:
            b, a = self._last_drop
            comp += " " + trf("BudgetBar", "(last %1 → %2)", format_tokens(b), format_tokens(a))
        rows.append((tr("BudgetBar", "Compactions"), comp))
        if self._report is not None:
            rows.append((tr("BudgetBar", "Layers"), report_line(self._report)))
        if self._offline:
            rows.append((tr("BudgetBar", "Provider"), tr("BudgetBar", "offline")))
        plain = "".join(f"<p>{html.escape(line)}</p>" for line in lines)
        body = "".join(
            f"<tr><td><b>{html.escape(k)}</b>&nbsp;</td><td>{html.escape(v)}</td></tr>"
            for k, v in rows
        )
        hint = tr("BudgetBar", "Click for the breakdown of where the tokens go.")
        details = tr("BudgetBar", "Details")
        self.setToolTip(f"{plain}<p><b>{details}</b></p><table>{body}</table><p><i>{hint}</i></p>")
        self.setAccessibleDescription(
            " ".join(lines)
            + " "
            + tr("BudgetBar", "Enter opens the breakdown of where the tokens go.")
        )

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.clicked.emit()
            return
        super().keyPressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.rect().contains(
            event.position().toPoint()
        ):
            self.clicked.emit()
        super().mouseReleaseEvent(event)

    # ---- painting ---------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        fm = QFontMetrics(self.font())
        return QSize(fm.horizontalAdvance(bar_text(123456, 128000)) + 40, fm.height() + 10)

    def minimumSizeHint(self) -> QSize:
        return QSize(160, QFontMetrics(self.font()).height() + 10)

    def _x_for(self, tokens: int, rect: QRectF) -> float:
        if not self._budget:
            return rect.left()
        frac = min(1.0, tokens / self._budget)
        return rect.left() + frac * rect.width()

    def paintEvent(self, event: QPaintEvent) -> None:
        theme = theme_for(self.palette())
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(1, 2, -1, -2)
        radius = 4.0
        p.setPen(QPen(theme.border, 1))
        p.setBrush(theme.trough)
        p.drawRoundedRect(rect, radius, radius)

        colour = zone_colour(theme, self.zone)
        inner = rect.adjusted(1, 1, -1, -1)
        if self._budget:
            if self._ghost_tokens is not None and self._ghost_opacity > 0:
                self._draw_ghost(p, inner, theme)
            fill = QRectF(inner)
            fill.setRight(self._x_for(self._tokens, inner))
            if fill.width() > 0.5:
                c = QColor(colour)
                c.setAlphaF(0.85)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(c)
                p.drawRoundedRect(fill, radius - 1, radius - 1)
            tick = self._x_for(int(self._budget * self._threshold), inner)
            p.setPen(QPen(theme.text, 2))
            p.drawLine(int(tick), int(rect.top()), int(tick), int(rect.bottom()))
        self._draw_text(p, rect, theme.text, theme.base)
        p.end()

    def _draw_ghost(self, p: QPainter, inner: QRectF, theme: Theme) -> None:
        """The dropped part as a fading hatched outline in the colour of the zone it left."""
        assert self._ghost_tokens is not None
        span = ghost_span(self._ghost_tokens, self._tokens, self._budget)
        if span is None:
            return
        was = zone_for(self._ghost_tokens, self._budget, self._threshold)
        colour = QColor(zone_colour(theme, was))
        g = QRectF(inner)
        g.setLeft(inner.left() + span[0] * inner.width())
        g.setRight(inner.left() + span[1] * inner.width())
        g.adjust(0.5, 0.5, -0.5, -0.5)
        hatch = QColor(colour)
        hatch.setAlphaF(0.55 * self._ghost_opacity)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QBrush(hatch, Qt.BrushStyle.BDiagPattern))
        p.drawRect(g)
        outline = QColor(colour)
        outline.setAlphaF(0.9 * self._ghost_opacity)
        p.setPen(QPen(outline, 1.0, Qt.PenStyle.DashLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(g, 3, 3)

    def _draw_text(self, p: QPainter, rect: QRectF, fg: QColor, halo: QColor) -> None:
        """Centered label with a thin halo so it stays legible over any fill colour."""
        text = self.text
        if self._offline:
            text += " · " + tr("BudgetBar", "offline")
        fm = QFontMetrics(self.font())
        text = fm.elidedText(text, Qt.TextElideMode.ElideRight, int(rect.width()) - 8)
        halo_c = QColor(halo)
        halo_c.setAlphaF(0.7)
        p.setPen(halo_c)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            p.drawText(rect.translated(dx, dy), Qt.AlignmentFlag.AlignCenter, text)
        p.setPen(fg)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

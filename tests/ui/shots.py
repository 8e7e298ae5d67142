"""Screenshots for a human to look at: ``tests/artifacts/<name>.png`` (gitignored)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QWidget

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


def save_shot(widget: QWidget, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    widget.grab().save(str(ARTIFACTS / f"{name}.png"))

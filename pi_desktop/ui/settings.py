"""The user's settings: a plain dataclass, its QSettings persistence, and the API-key store.

Settings are data (``AppSettings``) so the window, the app wiring and the tests share one
shape; QSettings is only the storage. The API key never goes into QSettings: it lives in the
system keyring when one is usable, else in a clearly labelled local file readable only by
the user (0600), and the environment is the fallback when nothing is stored:
``PI_DESKTOP_API_KEY``, then the preset's own variable (``OPENAI_API_KEY`` for OpenAI only), so
one provider's key is never sent to another's server. The key is never logged, shown or put
in errors.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

import platformdirs
from PySide6.QtCore import QSettings

from pi_desktop.context.manager import SNIP_POLICIES  # what L1 does with what it pushes out
from pi_desktop.usertext import UserText

APP_NAME = "pi-desktop"
KEYRING_SERVICE = "pi-desktop"
APPROVAL_POLICIES = ("ask", "auto", "deny")  # ask each time / auto-approve / deny writes
THINKING_CHOICES = ("default", "on", "off")  # the model's thinking: as the provider does, or set
EFFORT_CHOICES = ("", "low", "medium", "high")  # "": the provider's default effort


# The smallest budget offered: the seven workspace tools' schemas (~810 tokens) must fit under
# the threshold with room for a conversation, or every run would fail before sending.
MIN_CONTEXT_BUDGET = 2_000
MAX_CONTEXT_BUDGET = 10_000_000  # above every model's window; a typo of zeros stops here
# where compaction may start, as a share of the budget (the dialog offers the same range)
THRESHOLD_RANGE = (0.3, 0.95)
# how fast the offline demo streams, in characters per second (0: at once). The default reads
# like a model answering, so Stop (Esc) can be tried; tests build the provider without a pace.
OFFLINE_SPEED_RANGE = (0, 10_000)
DEFAULT_OFFLINE_SPEED = 300
# seconds a whole response may take, and a stream may go without progress (keep-alives aside)
RESPONSE_DEADLINE_RANGE = (10, 7_200)
IDLE_DEADLINE_RANGE = (5, 3_600)


@dataclass(frozen=True)
class AppSettings:
    """Everything the settings dialog edits. ``provider`` is a preset key ("offline", ...)."""

    provider: str = "offline"
    model: str = ""
    base_url: str = ""
    summarizer_model: str = ""  # empty: the chat model summarizes too
    context_budget: int = 32_000
    threshold: float = 0.8
    keep_recent_tokens: int = 0  # 0: the engine's default (budget // 4)
    snip_policy: str = "summarize"  # "drop": old messages leave the context unsummarized
    branch_summaries: bool = True  # a rewind that leaves messages behind summarizes them
    workspace: str = ""  # empty: the user's home folder is never used implicitly
    remote_images: bool = False  # http(s) images in messages; local sources never load
    approval_policy: str = "ask"
    allow_commands: bool = False
    offline_chars_per_second: int = DEFAULT_OFFLINE_SPEED
    response_deadline: int = 600  # seconds for a whole response, however slowly it streams
    idle_deadline: int = 120  # seconds without progress before a stalled stream is retried
    # what the user pays per model, JSON {model: [input, cached input, output]} in dollars per
    # million tokens (ui.chat.usage_text reads it); empty: no prices, no money shown
    model_prices: str = ""
    thinking: str = "default"  # "on" / "off": the preset's thinking switch (DeepSeek, Qwen, …)
    reasoning_effort: str = ""  # "low" / "medium" / "high" where the provider takes one
    language: str = ""  # "": the system's; else a catalogue of resources/i18n ("zh_CN")

    def validated(self) -> AppSettings:
        """Clamp values a hand-edited settings file could break the engine with."""
        budget = min(MAX_CONTEXT_BUDGET, max(MIN_CONTEXT_BUDGET, int(self.context_budget)))
        low, high = THRESHOLD_RANGE
        threshold = min(high, max(low, float(self.threshold)))
        keep = max(0, min(int(self.keep_recent_tokens), budget // 2))
        speed_low, speed_high = OFFLINE_SPEED_RANGE
        speed = min(speed_high, max(speed_low, int(self.offline_chars_per_second)))
        policy = self.approval_policy if self.approval_policy in APPROVAL_POLICIES else "ask"
        snip = self.snip_policy if self.snip_policy in SNIP_POLICIES else "summarize"
        thinking = self.thinking if self.thinking in THINKING_CHOICES else "default"
        effort = self.reasoning_effort if self.reasoning_effort in EFFORT_CHOICES else ""
        response = _clamp(int(self.response_deadline), RESPONSE_DEADLINE_RANGE)
        idle = _clamp(int(self.idle_deadline), IDLE_DEADLINE_RANGE)
        return replace(
            self,
            provider=self.provider or "offline",
            context_budget=budget,
            threshold=threshold,
            keep_recent_tokens=keep,
            approval_policy=policy,
            snip_policy=snip,
            offline_chars_per_second=speed,
            thinking=thinking,
            reasoning_effort=effort,
            response_deadline=response,
            idle_deadline=min(idle, response),
        )


def thinking_flag(choice: str) -> bool | None:
    """The settings' thinking choice as ``build_llm`` takes it (None: the provider decides)."""
    return {"on": True, "off": False}.get(choice)


def _clamp(value: int, bounds: tuple[int, int]) -> int:
    return min(max(value, bounds[0]), bounds[1])


def _coerce(value: Any, like: Any) -> Any:
    """QSettings (INI) hands back strings; turn them into the default's type.

    Raises TypeError/ValueError/OverflowError for a value that is not one ("zz", "inf", a
    list from an unquoted comma in a number field); the caller keeps the default."""
    if isinstance(value, list | tuple):  # INI reads ``a, b`` as a list
        if isinstance(like, str) and not isinstance(like, bool):
            return ", ".join(str(v) for v in value)
        raise TypeError("a list")
    if isinstance(like, bool):
        if isinstance(value, str):
            word = value.strip().lower()
            if word not in ("1", "true", "yes", "on", "0", "false", "no", "off"):
                raise ValueError("not a yes/no value")
            return word in ("1", "true", "yes", "on")
        return bool(value)
    if isinstance(like, int):
        return int(float(value))
    if isinstance(like, float):
        number = float(value)
        if number != number:  # NaN compares false with every bound and would slip through
            raise ValueError("not a number")
        return number
    return str(value)


class SettingsStore:
    """Reads and writes ``AppSettings`` under the ``settings/`` group of a QSettings.

    The QSettings is passed in so tests point it at a temp file; the app uses the default
    per-user location.
    """

    GROUP = "settings"

    def __init__(self, qsettings: QSettings | None = None) -> None:
        self._qs = qsettings if qsettings is not None else QSettings(APP_NAME, APP_NAME)
        self.problems: list[str] = []  # values the last ``load`` could not use (defaults kept)

    @property
    def qsettings(self) -> QSettings:
        return self._qs

    def is_configured(self) -> bool:
        """False on first start: nothing saved yet."""
        return bool(self._qs.value(f"{self.GROUP}/provider", ""))

    def load(self) -> AppSettings:
        defaults = AppSettings()
        values: dict[str, Any] = {}
        self.problems = []
        for f in fields(AppSettings):
            raw = self._qs.value(f"{self.GROUP}/{f.name}", None)
            if raw is None:
                continue
            try:
                values[f.name] = _coerce(raw, getattr(defaults, f.name))
            except (TypeError, ValueError, OverflowError):
                shown = repr(raw) if len(repr(raw)) <= 60 else repr(raw)[:59] + "…"
                self.problems.append(  # said before the translator exists: shown through say()
                    UserText(
                        "Settings", "settings: %1 = %2 is not usable; default kept", f.name, shown
                    )
                )
        return AppSettings(**values).validated()

    def save(self, settings: AppSettings) -> None:
        for name, value in asdict(settings.validated()).items():
            self._qs.setValue(f"{self.GROUP}/{name}", value)
        self._qs.sync()

    # Window state lives next to the settings but is not part of them.
    def value(self, key: str, default: Any = None) -> Any:
        return self._qs.value(f"window/{key}", default)

    def set_value(self, key: str, value: Any) -> None:
        self._qs.setValue(f"window/{key}", value)


def env_key_names(provider: str) -> tuple[str, ...]:
    """The environment variables ``provider``'s key may come from, in order: the app's own, then
    the one its preset names (``agent.presets``) — never another provider's variable."""
    from pi_desktop.agent.presets import GENERIC_KEY_ENV, PRESETS, key_env_names

    preset = PRESETS.get(provider)
    return key_env_names(preset) if preset is not None else (GENERIC_KEY_ENV,)


def _usable_keyring() -> Any | None:
    """The keyring backend if it can really store secrets (not the fail/null/chainer-of-none)."""
    try:
        import keyring
        from keyring.backends import fail, null

        backend = keyring.get_keyring()
    except Exception:
        return None
    if isinstance(backend, fail.Keyring | null.Keyring):
        return None
    try:
        if float(backend.priority) <= 0:
            return None
    except Exception:
        return None
    return backend


class KeyStore:
    """Where the API key lives, per provider preset.

    ``store_name`` tells the settings dialog which store is in use, so the user knows whether
    the key sits in the system keyring or in a local file.
    """

    def __init__(self, file_dir: Path | None = None, *, use_keyring: bool = True) -> None:
        self._dir = Path(file_dir) if file_dir else Path(platformdirs.user_config_dir(APP_NAME))
        self._use_keyring = use_keyring
        self._backend: Any | None = None
        self._probed = False

    @property
    def _keyring(self) -> Any | None:
        """The keyring backend, found on first use: detecting it imports every backend keyring
        ships (macOS, Windows, Secret Service with its crypto), ~0.1 s the window's first paint
        need not wait for when no key is read at start (the offline demo)."""
        if not self._probed:
            self._backend = _usable_keyring() if self._use_keyring else None
            self._probed = True
        return self._backend

    @property
    def file_path(self) -> Path:
        return self._dir / "api-keys.ini"

    @property
    def store_name(self) -> str:
        if self._keyring is not None:
            return f"system keyring ({type(self._keyring).__name__})"
        return f"local file readable only by you: {self.file_path}"

    @property
    def uses_keyring(self) -> bool:
        return self._keyring is not None

    def get(self, provider: str) -> tuple[str | None, str]:
        """The key for ``provider`` and where it came from ("keyring", "file", "env", "none")."""
        stored = self._get_stored(provider)
        if stored:
            return stored, ("keyring" if self._keyring is not None else "file")
        for var in env_key_names(provider):
            value = os.environ.get(var, "").strip()
            if value:
                return value, "env"
        return None, "none"

    def set(self, provider: str, key: str | None) -> str | None:
        """Store (or with an empty key, forget) the key for ``provider``.

        Returns None on success, else why it failed (a locked or broken keyring, an unwritable
        file): the window says so instead of crashing in a slot. The reason never holds the key.
        """
        key = (key or "").strip()
        if self._keyring is not None:
            if not key:
                with contextlib.suppress(Exception):
                    self._keyring.delete_password(KEYRING_SERVICE, provider)
                return None
            try:
                self._keyring.set_password(KEYRING_SERVICE, provider, key)
            except Exception as exc:
                return f"the system keyring refused the key ({type(exc).__name__})"
            return None
        keys = self._read_file()
        if key:
            keys[provider] = key
        else:
            keys.pop(provider, None)
        try:
            self._write_file(keys)
        except OSError as exc:
            return f"could not write {self.file_path} ({exc.strerror or type(exc).__name__})"
        return None

    def _get_stored(self, provider: str) -> str | None:
        if self._keyring is not None:
            try:
                return self._keyring.get_password(KEYRING_SERVICE, provider) or None
            except Exception:
                return None
        return self._read_file().get(provider) or None

    def _read_file(self) -> dict[str, str]:
        try:
            text = self.file_path.read_text(encoding="utf-8")
        except OSError:
            return {}
        keys: dict[str, str] = {}
        for line in text.splitlines():
            if line.startswith("#") or "=" not in line:
                continue
            name, _, value = line.partition("=")
            keys[name.strip()] = value.strip()
        return keys

    def _write_file(self, keys: dict[str, str]) -> None:
        """Written through an 0600 descriptor: the key is never world-readable, not even briefly."""
        self._dir.mkdir(parents=True, exist_ok=True)
        body = "# pi-desktop API keys (no system keyring was available). Keep this file private.\n"
        body += "".join(f"{name}={value}\n" for name, value in sorted(keys.items()))
        tmp = self.file_path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.fchmod(fd, 0o600)
            os.write(fd, body.encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, self.file_path)

"""What a local server says about itself beyond the OpenAI protocol: its window, its tokenizer.

Each server has its own endpoints (read from their docs, answered here in the same shapes by
the tests' loopback server):

- Ollama: ``GET /api/ps`` → ``models[].context_length`` of a loaded model (what it runs
  with); else ``POST /api/show {"model"}`` → ``parameters`` (text, ``num_ctx N`` when set) and
  ``model_info["<arch>.context_length"]`` (the model's own maximum). Its OpenAI endpoint
  truncates silently at ``num_ctx`` (4,096 by default on small GPUs).
- llama.cpp's server: ``GET /props`` → ``default_generation_settings.n_ctx``;
  ``POST /apply-template {"messages"}`` → ``{"prompt"}``; ``POST /tokenize {"content"}`` →
  ``{"tokens"}``.
- llama-cpp-python: ``POST /extras/tokenize/count {"input"}`` → ``{"count"}``.
- vLLM: ``GET /v1/models`` → ``data[].max_model_len``; ``POST /tokenize {"model", "messages"}``
  → ``{"count"}``.
- LM Studio: ``GET /api/v1/models`` (0.4) → the loaded instance's ``context_length``; else
  ``GET /api/v0/models/{model}`` → ``loaded_context_length`` / ``max_context_length``.

Every probe is short (a few seconds at most) and optional: any failure is "not known".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pi_desktop.context import Message

if TYPE_CHECKING:  # imported when a server is probed: ~40 ms (ssl, certifi) the start need not pay
    import httpx2

PROBE_TIMEOUT = 3.0
DEFAULT_OLLAMA_CTX = 4096  # Ollama's num_ctx on GPUs under 24 GiB (and on CPU)


@dataclass(frozen=True)
class ServerWindow:
    """A context window a server stated: ``tokens``, where it came from, and whether the
    server truncates silently past it (Ollama) instead of refusing."""

    tokens: int
    source: str
    silent_truncation: bool = False
    assumed: bool = False  # not stated: the server's documented default


def server_root(base_url: str | None) -> str | None:
    """The server's root URL (``/v1`` taken off) for its own endpoints."""
    if not base_url:
        return None
    url = base_url.rstrip("/")
    return url[: -len("/v1")] if url.endswith("/v1") else url


def _int(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return int(value) if value > 0 else None


async def _json(client: httpx2.AsyncClient, method: str, url: str, body: Any = None) -> Any:
    import httpx2

    try:
        response = await client.request(method, url, json=body)
    except (httpx2.HTTPError, OSError):
        return None
    if response.status_code != 200:
        return None
    try:
        return response.json()
    except ValueError:
        return None


def _client(api_key: str | None) -> httpx2.AsyncClient:
    import httpx2

    headers = {"Authorization": f"Bearer {api_key}"} if api_key else None
    return httpx2.AsyncClient(timeout=PROBE_TIMEOUT, headers=headers)


async def probe_window(
    kind: str | None, base_url: str | None, model: str, api_key: str | None = None
) -> ServerWindow | None:
    """The window ``kind``'s server states for ``model``, or None when it states none."""
    root = server_root(base_url)
    if root is None or kind is None:
        return None
    async with _client(api_key) as client:
        if kind == "ollama":
            running = ollama_running_window(await _json(client, "GET", f"{root}/api/ps"), model)
            if running:
                return ServerWindow(running, "Ollama's loaded context", silent_truncation=True)
            body = {"model": model, "name": model}  # "name": servers before 0.5
            return ollama_window(await _json(client, "POST", f"{root}/api/show", body))
        if kind == "llamacpp":
            props = await _json(client, "GET", f"{root}/props")
            if isinstance(props, dict):
                settings = props.get("default_generation_settings")
                n_ctx = _int(settings.get("n_ctx")) if isinstance(settings, dict) else None
                n_ctx = n_ctx or _int(props.get("n_ctx"))
                if n_ctx:
                    return ServerWindow(n_ctx, "llama.cpp /props n_ctx")
            return None
        if kind == "vllm":
            listing = await _json(client, "GET", f"{root}/v1/models")
            for item in (listing or {}).get("data", []) if isinstance(listing, dict) else []:
                if isinstance(item, dict) and item.get("id") == model:
                    size = _int(item.get("max_model_len"))
                    if size:
                        return ServerWindow(size, "vLLM max_model_len")
            return None
        if kind == "lmstudio":
            loaded = lmstudio_v1_window(await _json(client, "GET", f"{root}/api/v1/models"), model)
            if loaded:
                return ServerWindow(loaded, "LM Studio loaded context")
            info = await _json(client, "GET", f"{root}/api/v0/models/{model}")
            if isinstance(info, dict):
                size = _int(info.get("loaded_context_length")) or _int(
                    info.get("max_context_length")
                )
                if size:
                    return ServerWindow(size, "LM Studio context length")
    return None


def lmstudio_v1_window(listing: Any, model: str) -> int | None:
    """The context a loaded instance of ``model`` has (LM Studio 0.4's ``/api/v1/models``:
    ``models[].key``, ``loaded_instances[].config.context_length``)."""
    models = listing.get("models") if isinstance(listing, dict) else None
    for item in models if isinstance(models, list) else []:
        if not isinstance(item, dict) or item.get("key") != model:
            continue
        for instance in item.get("loaded_instances") or []:
            config = instance.get("config") if isinstance(instance, dict) else None
            size = _int(config.get("context_length")) if isinstance(config, dict) else None
            if size:
                return size
    return None


_NUM_CTX = re.compile(r"^\s*num_ctx\s+(\d+)", re.M)


def ollama_running_window(listing: Any, model: str) -> int | None:
    """The context the loaded ``model`` runs with (``GET /api/ps``: ``models[].context_length``,
    Ollama 0.6 on), which is what it truncates at."""
    models = listing.get("models") if isinstance(listing, dict) else None
    for item in models if isinstance(models, list) else []:
        if isinstance(item, dict) and model in (item.get("name"), item.get("model")):
            return _int(item.get("context_length"))
    return None


def ollama_window(show: Any) -> ServerWindow | None:
    """The window an ``/api/show`` answer implies: ``num_ctx`` when the model sets it, else
    Ollama's default (capped by the model's own ``context_length``)."""
    if not isinstance(show, dict):
        return None
    params = show.get("parameters")
    match = _NUM_CTX.search(params) if isinstance(params, str) else None
    model_max = None
    info = show.get("model_info")
    if isinstance(info, dict):
        model_max = next(
            (_int(v) for k, v in info.items() if k.endswith(".context_length") and _int(v)), None
        )
    if match:
        return ServerWindow(int(match.group(1)), "Ollama num_ctx", silent_truncation=True)
    size = min(DEFAULT_OLLAMA_CTX, model_max) if model_max else DEFAULT_OLLAMA_CTX
    return ServerWindow(size, "Ollama's default num_ctx", silent_truncation=True, assumed=True)


def _text_of(messages: Sequence[Message]) -> str:
    return "\n".join(f"{m.role}: {m.content}" for m in messages)


async def count_prompt_tokens(
    kind: str | None,
    base_url: str | None,
    model: str,
    messages: Sequence[Message],
    api_key: str | None = None,
) -> int | None:
    """The prompt's tokens by the server's own tokenizer, or None where it has none.

    llama.cpp renders the chat template first (``/apply-template``) so the count is the
    prompt the model sees; vLLM tokenizes chat messages itself; llama-cpp-python counts the
    messages' text (template tokens left out: a few per message)."""
    root = server_root(base_url)
    if root is None or kind not in ("llamacpp", "vllm"):
        return None
    wire = [{"role": m.role, "content": m.content} for m in messages]
    async with _client(api_key) as client:
        if kind == "vllm":
            answer = await _json(
                client, "POST", f"{root}/tokenize", {"model": model, "messages": wire}
            )
            return _int((answer or {}).get("count")) if isinstance(answer, dict) else None
        rendered = await _json(client, "POST", f"{root}/apply-template", {"messages": wire})
        prompt = rendered.get("prompt") if isinstance(rendered, dict) else None
        text = prompt if isinstance(prompt, str) else _text_of(messages)
        answer = await _json(client, "POST", f"{root}/tokenize", {"content": text})
        if isinstance(answer, dict) and isinstance(answer.get("tokens"), list):
            return len(answer["tokens"]) or None
        answer = await _json(client, "POST", f"{root}/extras/tokenize/count", {"input": text})
        return _int((answer or {}).get("count")) if isinstance(answer, dict) else None

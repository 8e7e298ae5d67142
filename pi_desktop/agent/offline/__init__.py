"""The offline demo provider: deterministic answers, tool calls from plain words, and an
extractive summarizer — the whole pipeline works with no key and no network."""

from pi_desktop.agent.offline.provider import MODEL_NAME, OfflineLLM, is_summarizer_request
from pi_desktop.agent.offline.summarizer import summarize_request

__all__ = ["MODEL_NAME", "OfflineLLM", "is_summarizer_request", "summarize_request"]

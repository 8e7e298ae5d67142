"""LLM providers, tools, events, the Agent loop and the context/session bridge (no Qt)."""

"""pi-desktop: a desktop LLM agent chat with visible, cheap, lossless context management."""

__version__ = "0.1.0"

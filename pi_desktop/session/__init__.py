"""The truth: an append-only JSONL session tree (no Qt; imports context/ only for Message)."""

"""Shared test material, one home: the loopback OpenAI-protocol server family, the LLM doubles,
the message builders and conversation strategies, the process and loop-lag probes, the soak and
replay drivers. Test packages import from here and never from each other's test modules."""

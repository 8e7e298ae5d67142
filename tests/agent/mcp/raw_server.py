"""A hand-written stdio MCP server that misbehaves on purpose (standard library only).

``python -m tests.agent.mcp.raw_server MODE``:
``flood``   answers initialize and the tool list, then floods a call with a 50 MB line;
``garbage`` prints lines that are not JSON-RPC and never answers;
``silent``  reads its input and never answers ``initialize``;
``many``    lists 10,000 tools (one page) and answers every call;
``chatty``  prints a banner and stray lines between valid answers (a sloppy server).
"""

from __future__ import annotations

import json
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "chatty"
out = sys.stdout.buffer


def send(message: dict) -> None:
    out.write(json.dumps(message).encode() + b"\n")
    out.flush()


def tool(name: str) -> dict:
    return {
        "name": name,
        "description": f"{name} does something",
        "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}},
    }


def main() -> None:
    if MODE == "garbage":
        while True:
            out.write(b"Starting server... \x1b[32mOK\x1b[0m not json at all\n")
            out.flush()
            time.sleep(0.05)
    if MODE == "chatty":
        out.write(b"Welcome to chatty-server v1!\n")
        out.flush()
    for raw in sys.stdin.buffer:
        if MODE == "silent":
            continue
        try:
            request = json.loads(raw)
        except ValueError:
            continue
        method, rid = request.get("method"), request.get("id")
        if rid is None:
            continue  # a notification
        if method == "initialize":
            send(
                {
                    "jsonrpc": "2.0",
                    "id": rid,
                    "result": {
                        "protocolVersion": request["params"]["protocolVersion"],
                        "capabilities": {"tools": {}},
                        "serverInfo": {"name": f"raw-{MODE}", "version": "0.1"},
                    },
                }
            )
        elif method == "tools/list":
            names = [f"tool{i}" for i in range(10_000)] if MODE == "many" else ["shout"]
            send({"jsonrpc": "2.0", "id": rid, "result": {"tools": [tool(n) for n in names]}})
        elif method == "tools/call":
            if MODE == "flood":
                block = b"y" * (1024 * 1024)
                for _ in range(50):
                    out.write(block)
                out.flush()
                time.sleep(600)
            if MODE == "chatty":
                out.write(b"debug: got a call\n")
            text = str(request["params"].get("arguments", {}).get("text", "")).upper()
            send(
                {
                    "jsonrpc": "2.0",
                    "id": rid,
                    "result": {"content": [{"type": "text", "text": text or "ok"}]},
                }
            )
        else:
            send({"jsonrpc": "2.0", "id": rid, "result": {}})


if __name__ == "__main__":
    main()

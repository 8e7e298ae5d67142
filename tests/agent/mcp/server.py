"""A real MCP server for the tests, written with the SDK's ``MCPServer`` (stdio or HTTP).

``python -m tests.agent.mcp.server [--many N] [--http PORT]``. Its tools misbehave on request:
sleep, crash mid-call, return huge text or an image, fail, spawn a helper process. (The SDK
diverts a tool's prints away from the protocol stream, so the stdout floods and garbage are
played by ``raw_server.py``, which speaks JSON-RPC by hand as many real servers do.)
"""

from __future__ import annotations

import argparse
import base64
import os
import subprocess
import sys
import time

from mcp.server.mcpserver import Image, MCPServer
from mcp.types import ToolAnnotations

PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
)


def build(many: int) -> MCPServer:
    server = MCPServer("test-server", version="1.0", log_level="WARNING")

    @server.tool(description="Return the text unchanged.")
    def echo(text: str) -> str:
        return text

    @server.tool(
        description="Read one environment variable of the server process.",
        annotations=ToolAnnotations(read_only_hint=True),
    )
    def env(name: str) -> str:
        return os.environ.get(name, "<unset>")

    @server.tool(description="Sleep, then answer.")
    def sleep(seconds: float) -> str:
        time.sleep(seconds)
        return f"slept {seconds}"

    @server.tool(
        description="Exit the server process in the middle of the call.",
        annotations=ToolAnnotations(destructive_hint=True),
    )
    def crash() -> str:
        sys.stderr.write("crash: going down on purpose\n")
        sys.stderr.flush()
        os._exit(3)

    @server.tool(description="Return `chars` characters of text.")
    def huge(chars: int) -> str:
        return "".join(f"line {i:07d} of a huge result\n" for i in range(chars // 29 + 1))[:chars]

    @server.tool(description="Return a 1x1 PNG image and a caption.")
    def picture() -> list:
        return ["a caption", Image(data=PNG, format="png")]

    @server.tool(description="Start a helper process that sleeps; return its pid.")
    def spawn_helper() -> str:
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
        return str(child.pid)

    @server.tool(description="Fail with an error result.")
    def fail(message: str) -> str:
        raise ValueError(message)

    for index in range(many):
        server.tool(name=f"t{index}", description=f"Generated tool {index}.")(
            lambda index=index: f"tool {index}"
        )
    return server


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--many", type=int, default=0)
    parser.add_argument("--http", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="HTTP answers as plain JSON")
    args = parser.parse_args()
    server = build(args.many)
    if args.http:
        server.run("streamable-http", host="127.0.0.1", port=args.http, json_response=args.json)
    else:
        server.run()


if __name__ == "__main__":
    main()

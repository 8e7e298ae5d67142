"""Streamable HTTP for the hub, with the same bound on a message as the stdio transport.

The SDK limits one SSE event (1 MB by default — too small for a 2 MB tool result, so the
hub raises it to the stdio cap), but reads a plain JSON response whole, however large. The
transport below counts a JSON body as it arrives and stops at the cap; the SDK turns that
into an error answer for the one request, and the connection stays usable.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from pi_desktop.agent.mcp.config import HttpServer
from pi_desktop.agent.mcp.stdio import MAX_LINE


def _capped_transport(cap: int) -> Any:
    import httpx2

    class ResponseTooLarge(httpx2.StreamError):
        pass

    class CappedStream(httpx2.AsyncByteStream):
        def __init__(self, inner: Any) -> None:
            self._inner = inner

        async def __aiter__(self) -> AsyncIterator[bytes]:
            total = 0
            async for chunk in self._inner:
                total += len(chunk)
                if total > cap:
                    raise ResponseTooLarge(
                        f"the server's answer is larger than {cap / 1e6:.0f} MB; it was not read"
                    )
                yield chunk

        async def aclose(self) -> None:
            await self._inner.aclose()

    class CappedTransport(httpx2.AsyncBaseTransport):
        def __init__(self) -> None:
            self._inner = httpx2.AsyncHTTPTransport()

        async def handle_async_request(self, request: Any) -> Any:
            response = await self._inner.handle_async_request(request)
            kind = response.headers.get("content-type", "").lower()
            if kind.startswith("text/event-stream"):
                return response  # long-lived; the SDK bounds each event
            return httpx2.Response(
                status_code=response.status_code,
                headers=response.headers,
                stream=CappedStream(response.stream),
                extensions=response.extensions,
                request=request,
            )

        async def aclose(self) -> None:
            await self._inner.aclose()

    return CappedTransport()


@asynccontextmanager
async def http_transport(
    config: HttpServer, max_message: int = MAX_LINE
) -> AsyncIterator[tuple[Any, Any]]:
    """``(read_stream, write_stream)`` for ``ClientSession`` on a streamable HTTP server."""
    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    timeout = httpx2.Timeout(15.0, read=max(config.timeout, 30.0) + 5.0)
    async with (
        httpx2.AsyncClient(
            headers=dict(config.headers), timeout=timeout, transport=_capped_transport(max_message)
        ) as client,
        streamable_http_client(config.url, http_client=client, max_sse_event_size=max_message) as (
            read,
            write,
        ),
    ):
        yield read, write

"""The file tools stay inside, race-free: swapped symlinks, FIFOs and devices, huge files,
the app's own folders inside the workspace, the readable results folder, odd listings, and
the offload temp file."""

from __future__ import annotations

import asyncio
import os
import shutil
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pi_desktop.agent.tool import Tool, ToolError
from pi_desktop.agent.tools import ApprovalRequest, auto_approve, build_workspace_tools
from pi_desktop.agent.tools.access import Workspace
from pi_desktop.agent.tools.files import _read_window
from pi_desktop.context import Message
from pi_desktop.context.offload import offload_message, parse_marker

SECRET = "outside-secret-7f3a"


def tools(root: Path, **kw) -> dict[str, Tool]:
    kw.setdefault("approve", auto_approve)
    return {t.name: t for t in build_workspace_tools(root, **kw)}


def call(tool: Tool, **args) -> str | ToolError:
    async def go() -> str | ToolError:
        try:
            return await asyncio.wait_for(tool.handler(args), 30)
        except ToolError as exc:
            return exc

    return asyncio.run(go())


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "f.txt").write_text("inside text\n")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "f.txt").write_text("inside text\n")  # same content: an edit would apply
    (outside / "secret.txt").write_text(SECRET + "\n")
    return root


def _swap_dir_for_link(ws: Path) -> None:
    (ws / "sub").rename(ws / "sub_old")
    (ws / "sub").symlink_to(ws.parent / "outside", target_is_directory=True)


def _swap_file_for_link(ws: Path) -> None:
    (ws / "sub" / "f.txt").unlink()
    (ws / "sub" / "f.txt").symlink_to(ws.parent / "outside" / "f.txt")


class Swapper:
    """An approval callback that swaps a symlink in while 'the user reads the prompt'."""

    def __init__(self, ws: Path, swap) -> None:
        self.ws, self.swap, self.requests = ws, swap, []

    async def __call__(self, request: ApprovalRequest) -> bool:
        self.requests.append(request)
        self.swap(self.ws)
        return True


# ------------------------------------------------------------------- swaps between check and use


@pytest.mark.parametrize("swap", [_swap_dir_for_link, _swap_file_for_link])
def test_write_file_never_follows_a_link_swapped_in_during_approval(ws: Path, swap):
    outside = ws.parent / "outside"
    for path, content in (("sub/f.txt", "pwned\n"), ("sub/new.txt", "pwned\n")):
        shutil.rmtree(ws)
        (ws / "sub").mkdir(parents=True)
        (ws / "sub" / "f.txt").write_text("inside text\n")
        result = call(
            tools(ws, approve=Swapper(ws, swap))["write_file"], path=path, content=content
        )
        if swap is _swap_file_for_link and path == "sub/new.txt":
            assert result == "Created sub/new.txt (6 chars, 1 lines)"  # the link is elsewhere
            assert (ws / "sub" / "new.txt").read_text() == "pwned\n"
        else:
            assert isinstance(result, ToolError) and "symbolic link" in str(result)
        assert (outside / "f.txt").read_text() == "inside text\n"
        assert not (outside / "new.txt").exists()


@pytest.mark.parametrize("swap", [_swap_dir_for_link, _swap_file_for_link])
def test_edit_file_never_follows_a_link_swapped_in_during_approval(ws: Path, swap):
    edit = tools(ws, approve=Swapper(ws, swap))["edit_file"]
    result = call(edit, path="sub/f.txt", old_text="inside", new_text="pwned")
    assert isinstance(result, ToolError) and "symbolic link" in str(result)
    assert (ws.parent / "outside" / "f.txt").read_text() == "inside text\n"


@pytest.mark.parametrize("swap", [_swap_dir_for_link, _swap_file_for_link])
def test_read_file_never_follows_a_link_swapped_in_after_the_check(ws: Path, swap):
    workspace = Workspace.build(ws, None, 100_000)
    target = workspace.locate("sub/f.txt")  # the check ...
    swap(ws)  # ... the swap ...
    with pytest.raises(ToolError, match="symbolic link"):
        _read_window(target, 1, 10)  # ... and the use: refused
    # a link already there at check time is resolved and judged as before
    assert "outside the workspace" in str(call(tools(ws)["read_file"], path="sub/f.txt"))


def test_a_change_during_approval_is_not_overwritten(ws: Path):
    def edit_meanwhile(root: Path) -> None:
        (root / "sub" / "f.txt").write_text("someone else's text, longer\n")

    def create_meanwhile(root: Path) -> None:
        (root / "sub" / "late.txt").write_text("created meanwhile\n")

    edit = tools(ws, approve=Swapper(ws, edit_meanwhile))["edit_file"]
    result = call(edit, path="sub/f.txt", old_text="inside", new_text="mine")
    assert isinstance(result, ToolError) and "changed while waiting" in str(result)
    assert (ws / "sub" / "f.txt").read_text() == "someone else's text, longer\n"
    write = tools(ws, approve=Swapper(ws, create_meanwhile))["write_file"]
    result = call(write, path="sub/late.txt", content="mine")
    assert isinstance(result, ToolError) and "appeared while waiting" in str(result)
    assert (ws / "sub" / "late.txt").read_text() == "created meanwhile\n"


# --------------------------------------------------------------------- devices, FIFOs, big files


def test_devices_are_refused_not_read():
    ts = tools(Path("/dev"))
    for name in ("zero", "null", "urandom"):
        result = call(ts["read_file"], path=name, limit=1)
        assert isinstance(result, ToolError) and "not a regular file" in str(result)
    result = call(ts["grep"], pattern="x", path="zero")
    assert isinstance(result, ToolError) and "not a regular file" in str(result)
    listing = call(ts["list_dir"])
    assert "zero  (device; not readable)" in listing


def test_fifo_is_refused_by_every_file_tool(ws: Path):
    os.mkfifo(ws / "pipe")
    ts = tools(ws)
    for name, args in (
        ("read_file", {"path": "pipe"}),
        ("edit_file", {"path": "pipe", "old_text": "a", "new_text": "b"}),
        ("write_file", {"path": "pipe", "content": "x"}),
    ):
        result = call(ts[name], **args)
        assert isinstance(result, ToolError) and "not a regular file" in str(result), name
    assert "pipe  (FIFO; not readable)" in call(ts["list_dir"])


def test_a_64_mib_file_with_limit_10_reads_only_the_window(ws: Path):
    line = b"0123456789" * 6 + b"abc\n"  # 64 bytes
    with open(ws / "big.txt", "wb") as handle:
        handle.write(line * (1 << 20))  # 64 MiB
    read = tools(ws)["read_file"]
    tracemalloc.start()
    try:
        out = call(read, path="big.txt", limit=10)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 * 1024 * 1024, f"peak {peak:,} bytes"
    body, note = out.rsplit("\n", 1)
    assert body == (line * 10).decode()
    assert note == "[lines 1-10 of big.txt (67,108,864 bytes); continue with offset=11]"
    later = call(read, path="big.txt", offset=1_000_000, limit=2)
    assert later.endswith(
        "[lines 1000000-1000001 of big.txt (67,108,864 bytes); continue with offset=1000002]"
    )


def test_one_huge_line_is_cut(ws: Path):
    with open(ws / "oneline.txt", "wb") as handle:
        handle.write(b"x" * (20 * 1024 * 1024))
    out = call(tools(ws, max_output_chars=1_000)["read_file"], path="oneline.txt", limit=1)
    assert (
        out.startswith("x" * 1_000)
        and "[output truncated: showing the first 1,000 of 20,971,520 chars" in out
    )


# ----------------------------------------------------------------------- the app's own folders


@pytest.fixture
def home(tmp_path: Path, monkeypatch) -> Path:
    """A workspace = $HOME that holds pi-desktop's data, config, cache and state folders."""
    home = tmp_path / "home"
    for var, rel in (
        ("XDG_DATA_HOME", ".local/share"),
        ("XDG_CONFIG_HOME", ".config"),
        ("XDG_CACHE_HOME", ".cache"),
        ("XDG_STATE_HOME", ".local/state"),
    ):
        monkeypatch.setenv(var, str(home / rel))
    (home / ".config" / "pi-desktop").mkdir(parents=True)
    (home / ".config" / "pi-desktop" / "api-keys.ini").write_text("[keys]\nopenai = sk-live-999\n")
    sessions = home / ".local" / "share" / "pi-desktop" / "sessions"
    (sessions / "s1" / "tool-results").mkdir(parents=True)
    (sessions / "s1.jsonl").write_text('{"type":"session","note":"sk-live-999"}\n')
    (home / ".local" / "state" / "pi-desktop" / "log").mkdir(parents=True)
    (home / ".local" / "state" / "pi-desktop" / "log" / "app.log").write_text("sk-live-999\n")
    (home / "notes.txt").write_text("my notes\n")
    (home / "keys-link").symlink_to(home / ".config" / "pi-desktop", target_is_directory=True)
    return home


def test_app_folders_are_out_of_reach_even_inside_the_workspace(home: Path):
    ts = tools(home)
    keys = home / ".config" / "pi-desktop" / "api-keys.ini"
    session = home / ".local" / "share" / "pi-desktop" / "sessions" / "s1.jsonl"
    for path in (
        ".config/pi-desktop/api-keys.ini",
        str(keys),
        "keys-link/api-keys.ini",
        ".local/share/pi-desktop/sessions/s1.jsonl",
        ".local/state/pi-desktop/log/app.log",
    ):
        result = call(ts["read_file"], path=path)
        assert isinstance(result, ToolError) and "pi-desktop's own data" in str(result), path
    for name, args in (
        ("write_file", {"path": str(session), "content": "{}"}),
        ("edit_file", {"path": str(session), "old_text": "session", "new_text": "x"}),
        ("list_dir", {"path": ".config/pi-desktop"}),
        ("grep", {"pattern": "sk", "path": ".config"}),
    ):
        result = call(ts[name], **args)
        if name == "grep":  # .config itself is searchable, the app's folder in it is skipped
            assert result.startswith("No matches")
        else:
            assert isinstance(result, ToolError) and "pi-desktop's own data" in str(result)
    assert session.read_text() == '{"type":"session","note":"sk-live-999"}\n'
    assert call(ts["grep"], pattern="sk-live").startswith("No matches for /sk-live/")
    assert "my notes" in call(ts["grep"], pattern="my")
    found = call(ts["find_files"], pattern="*")
    assert found.splitlines()[1:] == ["notes.txt"]  # keys-link is a link: not followed
    listing = call(ts["list_dir"], path=".config")
    assert "pi-desktop/  (pi-desktop's own data; not accessible)" in listing
    assert "keys-link -> (pi-desktop's own data; not accessible)" in call(ts["list_dir"])


def test_extra_protected_roots_and_the_readable_results_folder(tmp_path: Path):
    root = tmp_path / "ws"
    library = root / "my-sessions"  # a session library kept inside the workspace
    results = library / "s1" / "tool-results"
    results.mkdir(parents=True)
    (library / "s1.jsonl").write_text("{}\n")
    big = "".join(f"row {i}\n" for i in range(5_000))
    tool_message = Message(role="tool", content=big, metadata={"tool_call_id": "call_1"})
    marker = offload_message(tool_message, 1_000, results).content
    path, chars, _preview = parse_marker(marker)
    assert chars == len(big) and "read_file" in marker.splitlines()[0]
    ts = tools(root, protected=[library], readable=[results])
    assert call(ts["read_file"], path=path, offset=3, limit=2).startswith(
        "row 2\nrow 3\n\n[lines 3-4 of 5000"
    )
    assert call(ts["grep"], pattern="^row 4999$", path=path).endswith(f"{path}:5000: row 4999")
    assert "call_1.txt" in call(ts["list_dir"], path=str(results))
    assert "my-sessions/  (pi-desktop's own data; not accessible)" in call(ts["list_dir"])
    for name, args in (
        ("write_file", {"path": path, "content": "x"}),
        ("edit_file", {"path": path, "old_text": "row 1", "new_text": "x"}),
    ):
        result = call(ts[name], **args)
        assert isinstance(result, ToolError) and "read-only" in str(result)
    session_read = call(ts["read_file"], path="my-sessions/s1.jsonl")
    assert isinstance(session_read, ToolError) and "pi-desktop's own data" in str(session_read)
    assert Path(path).read_text() == big
    # without the readable grant the results folder is as private as the rest of the library
    plain = tools(root, protected=[library])
    assert "pi-desktop's own data" in str(call(plain["read_file"], path=path))


# ----------------------------------------------------------------------------------- listing


def test_list_dir_survives_loops_and_dangling_links(ws: Path):
    (ws / "loop").symlink_to(ws / "loop")
    (ws / "a").symlink_to(ws / "b")
    (ws / "b").symlink_to(ws / "a")
    (ws / "dangling").symlink_to(ws / "nowhere")
    (ws / "out").symlink_to(ws.parent / "outside" / "secret.txt")
    listing = call(tools(ws)["list_dir"])
    assert listing.splitlines()[0] == ".: 6 entries"
    assert "loop -> (symlink loop)" in listing
    assert "a -> (symlink loop)" in listing and "b -> (symlink loop)" in listing
    assert "dangling -> (broken link)" in listing
    assert "out -> (outside the workspace)" in listing and SECRET not in listing
    assert "loop" in str(call(tools(ws)["read_file"], path="loop"))


# ------------------------------------------------------------------------------ offload file


def test_offload_never_follows_a_planted_symlink(tmp_path: Path):
    results = tmp_path / "results"
    results.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (results / ".call_1.txt.tmp").symlink_to(victim)  # the old, predictable temp name
    (results / "call_2.txt").symlink_to(victim)  # the final name itself
    for call_id in ("call_1", "call_2"):
        big = f"{call_id} " * 10_000
        out = offload_message(
            Message(role="tool", content=big, metadata={"tool_call_id": call_id}), 100, results
        )
        path = Path(parse_marker(out.content)[0])
        assert path.parent == results and not path.is_symlink() and path.read_text() == big
    assert victim.read_text() == "precious\n"
    assert (results / "call_2.txt").is_symlink()  # left alone, not written through


# ------------------------------------------------------------------------------- properties

_SEGMENTS = st.sampled_from(
    ["..", ".", "sub", "f.txt", "link_out", "link_in", "loop", "pipe", "", "/", "~", "ü",
     "a" * 300, "\x00", "secret.txt", "outside", "%2e%2e", "...."]
)  # fmt: skip


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(parts=st.lists(_SEGMENTS, min_size=1, max_size=6), absolute=st.booleans())
def test_hostile_paths_never_read_or_write_outside(ws: Path, parts, absolute):
    if not (ws / "link_out").exists():
        (ws / "link_out").symlink_to(ws.parent / "outside", target_is_directory=True)
        (ws / "link_in").symlink_to(ws / "sub", target_is_directory=True)
        (ws / "loop").symlink_to(ws / "loop")
        os.mkfifo(ws / "pipe")
    raw = "/".join(parts)
    if absolute:
        raw = f"{ws}/{raw}"
    ts = tools(ws)
    for name, args in (
        ("read_file", {"path": raw}),
        ("list_dir", {"path": raw}),
        ("grep", {"pattern": "secret", "path": raw}),
        ("write_file", {"path": raw, "content": "pwned"}),
    ):
        result = call(ts[name], **args)
        assert isinstance(result, (str, ToolError))
        assert SECRET not in str(result)
    assert (ws.parent / "outside" / "secret.txt").read_text() == SECRET + "\n"
    assert sorted(p.name for p in (ws.parent / "outside").iterdir()) == ["f.txt", "secret.txt"]


def test_a_racing_swapper_never_lets_a_tool_through(ws: Path):
    """A thread flips ``sub`` between the real folder and a link out as fast as it can while
    the tools read and write through it: every call ends inside or refused."""
    import threading

    outside = ws.parent / "outside"
    (outside / "g.txt").write_text(SECRET + "\n")
    (ws / "sub" / "g.txt").write_text("inside g\n")
    stop = threading.Event()

    flips = 0

    def clear_sub() -> None:  # write_file may create the folder anew in a gap: drop that
        sub = ws / "sub"
        try:
            if sub.is_symlink():
                sub.unlink()
            elif sub.exists():
                shutil.rmtree(sub)
        except OSError:  # a write landed meanwhile: the caller tries again
            pass

    def flip() -> None:
        nonlocal flips
        while not stop.is_set():
            (ws / "sub").rename(ws / "sub_real")
            clear_sub()
            try:
                (ws / "sub").symlink_to(outside, target_is_directory=True)
            except FileExistsError:
                pass
            while True:
                clear_sub()
                try:
                    (ws / "sub_real").rename(ws / "sub")
                    break
                except OSError:
                    continue
            flips += 1

    ts = tools(ws)
    racer = threading.Thread(target=flip)
    racer.start()
    outcomes: set[str] = set()
    try:
        for i in range(150):
            read = call(ts["read_file"], path="sub/g.txt")
            wrote = call(ts["write_file"], path=f"sub/w{i}.txt", content="pwned")
            edit = call(ts["edit_file"], path="sub/g.txt", old_text="g", new_text="g")
            for result in (read, wrote, edit):
                assert SECRET not in str(result)
                outcomes.add(type(result).__name__)
    finally:
        racer_alive = racer.is_alive()
        stop.set()
        racer.join()
    assert (outside / "g.txt").read_text() == SECRET + "\n"
    assert sorted(p.name for p in outside.iterdir()) == ["f.txt", "g.txt", "secret.txt"]
    assert "ToolError" in outcomes and racer_alive and flips > 100

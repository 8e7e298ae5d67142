import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pi_desktop.context import Message, budget_tool_results, is_offloaded, offload_path
from pi_desktop.context.offload import PREVIEW_CHARS
from tests.kit.messages import tool_result, user

BIG = "line of output ✅ 上下文\n" * 2000  # ~44k chars


def test_large_result_is_written_whole_and_marked(tmp_path):
    msg = tool_result("call_1", "bash", BIG)
    [out] = budget_tool_results([msg], results_dir=tmp_path)
    info = out.metadata["offloaded"]
    path = Path(info["path"])
    assert path.parent == tmp_path and path.name == "call_1.txt"
    assert path.read_text(encoding="utf-8") == BIG
    assert info["original_chars"] == len(BIG)
    assert is_offloaded(out.content)
    first_line, preview = out.content.split("\n", 1)
    assert str(path) in first_line and str(len(BIG)) in first_line and "read" in first_line
    assert preview == BIG[:PREVIEW_CHARS]
    assert out.metadata["tool_call_id"] == "call_1" and out.metadata["name"] == "bash"
    assert msg.content == BIG and "offloaded" not in msg.metadata  # input untouched


def test_repeat_is_idempotent_and_does_not_rewrite(tmp_path):
    msg = tool_result("call_1", "bash", BIG)
    [first] = budget_tool_results([msg], results_dir=tmp_path)
    path = Path(first.metadata["offloaded"]["path"])
    stamp = path.stat().st_mtime_ns
    os.utime(path, ns=(stamp - 10**9, stamp - 10**9))
    [again] = budget_tool_results([tool_result("call_1", "bash", BIG)], results_dir=tmp_path)
    [twice] = budget_tool_results([first], results_dir=tmp_path)
    assert again == first
    assert twice is first  # an offloaded marker is never offloaded again
    assert path.stat().st_mtime_ns == stamp - 10**9
    assert sorted(p.name for p in tmp_path.iterdir()) == ["call_1.txt"]


def test_reused_id_with_other_content_keeps_both_files(tmp_path):
    [a] = budget_tool_results([tool_result("call_0", "bash", BIG)], results_dir=tmp_path)
    [b] = budget_tool_results([tool_result("call_0", "bash", BIG + "!")], results_dir=tmp_path)
    pa, pb = Path(a.metadata["offloaded"]["path"]), Path(b.metadata["offloaded"]["path"])
    assert pa != pb
    assert pa.read_text(encoding="utf-8") == BIG and pb.read_text(encoding="utf-8") == BIG + "!"


def test_small_results_other_roles_and_no_dir_are_unchanged(tmp_path):
    small = tool_result("c", "bash", "ok")
    big_user = user(BIG)
    big_tool = tool_result("c2", "bash", BIG)
    out = budget_tool_results([small, big_user], results_dir=tmp_path)
    assert out[0] is small and out[1] is big_user
    assert budget_tool_results([big_tool])[0] is big_tool  # no folder: offload is optional
    assert list(tmp_path.iterdir()) == []


def test_io_error_leaves_content_unchanged(tmp_path):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    msg = tool_result("c", "bash", BIG)
    [out] = budget_tool_results([msg], results_dir=blocker)
    assert out is msg


def test_custom_max_chars(tmp_path):
    msg = tool_result("c", "bash", "y" * 101)
    assert budget_tool_results([msg], max_chars=100, results_dir=tmp_path)[0] is not msg
    assert budget_tool_results([msg], max_chars=101, results_dir=tmp_path)[0] is msg


HOSTILE = st.one_of(
    st.sampled_from(
        ["../../x", "/etc/passwd", "..", ".", "", "a/../../b", "\x00", "C:\\win", "~/x", "a" * 5000]
    ),
    st.text(min_size=0, max_size=300),
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(HOSTILE)
def test_hostile_ids_never_escape_results_dir(tmp_path, call_id):
    root = tmp_path / "case"
    results = root / "results"
    path = offload_path(results, call_id)
    assert path.parent == results
    assert len(path.name) < 120 and "\x00" not in path.name and ".." not in path.name
    msg = Message(role="tool", content=BIG, metadata={"tool_call_id": call_id})
    [out] = budget_tool_results([msg], results_dir=results)
    written = [p for p in root.rglob("*") if p.is_file()]
    assert all(p.parent == results for p in written)
    if out is not msg:
        assert Path(out.metadata["offloaded"]["path"]).parent == results


def test_distinct_hostile_ids_do_not_collide(tmp_path):
    assert offload_path(tmp_path, "a/b") != offload_path(tmp_path, "a_b")
    assert offload_path(tmp_path, "call_1") == tmp_path / "call_1.txt"


def test_parse_marker_round_trips_what_offload_marker_wrote():
    from pi_desktop.context.offload import offload_marker, parse_marker

    content = "x" * 30_000
    marker = offload_marker("/tmp/results/call — 7.txt", len(content), content)
    assert parse_marker(marker) == ("/tmp/results/call — 7.txt", 30_000, "x" * 2_000)
    assert parse_marker("[Tool result offloaded: something else]") is None
    assert parse_marker("plain tool output") is None

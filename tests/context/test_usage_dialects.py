"""read_usage: one meaning for every provider's usage dialect (real payload shapes)."""

from pi_desktop.context.usage import UsageFigures, raw_usage, read_usage


def test_openai_prompt_includes_cached_tokens():
    raw = raw_usage(
        {
            "prompt_tokens": 2006,
            "completion_tokens": 300,
            "total_tokens": 2306,
            "prompt_tokens_details": {"cached_tokens": 1920, "audio_tokens": 0},
            "completion_tokens_details": {"reasoning_tokens": 128},
        }
    )
    assert read_usage(raw) == UsageFigures(2006, 300, 1920, 128)
    assert round(read_usage(raw).cached_share, 3) == 0.957


def test_deepseek_cache_hit_and_miss():
    raw = raw_usage(
        {
            "prompt_tokens": 1500,
            "completion_tokens": 40,
            "total_tokens": 1540,
            "prompt_cache_hit_tokens": 1280,
            "prompt_cache_miss_tokens": 220,
            "completion_tokens_details": {"reasoning_tokens": 30},
        }
    )
    figures = read_usage(raw)
    assert figures.prompt_total == 1500 and figures.cached == 1280 and figures.reasoning == 30


def test_anthropic_style_input_excludes_the_cache():
    raw = raw_usage(
        {
            "input_tokens": 120,
            "output_tokens": 50,
            "cache_read_input_tokens": 5000,
            "cache_creation_input_tokens": 300,
        }
    )
    assert raw["prompt_tokens"] == 120  # what a naive reader would anchor on
    assert read_usage(raw) == UsageFigures(5420, 50, 5000, None)


def test_proxy_with_prompt_tokens_excluding_cache_fields():
    raw = raw_usage({"prompt_tokens": 120, "completion_tokens": 5, "cache_read_input_tokens": 900})
    assert read_usage(raw).prompt_total == 1020


def test_missing_or_garbage_usage():
    assert raw_usage(None) is None
    assert raw_usage({"foo": 1}) is None
    assert read_usage(None) is None
    assert raw_usage({"prompt_tokens": True, "completion_tokens": -3}) is None
    plain = raw_usage({"prompt_tokens": 12, "completion_tokens": 9})
    assert plain == {"prompt_tokens": 12, "completion_tokens": 9, "total_tokens": 21}
    assert read_usage(plain) == UsageFigures(12, 9, None, None)

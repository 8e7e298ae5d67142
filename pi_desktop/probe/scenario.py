"""The probe's scripted conversation: a workspace, the user's turns, and the questions asked.

Plain data. Each fact the probes ask about is planted by one turn: a codeword said by the user,
a codeword inside a file read with a tool, files read and modified, a read that fails, a
decision with its reason, and the next step. Filler turns (long texts) push the context over
its budget between them, and manual compactions make sure several summaries are stacked.
"""

from __future__ import annotations

from dataclasses import dataclass

WORKSPACE_FILES: dict[str, str] = {
    "docs/plan.md": (
        "# Ledger migration plan\n\n"
        "Move the billing ledger from SQLite to a server database.\n"
        "The deploy window codeword is MAGENTA-OTTER-42.\n"
        "Owner: the payments team.\n"
    ),
    "src/app.py": (
        "DEBUG = True\n"
        "LEDGER_URL = 'sqlite:///ledger.db'\n\n\n"
        "def main():\n"
        "    print('billing service')\n"
    ),
    "src/settings.py": "# service settings\n",
    "scripts/reconcile.py": "def reconcile(ledger):\n    return sum(ledger)\n",
    "tests/test_ledger.py": "def test_balance():\n    assert True\n",
    "docs/changelog.md": "# Changelog\n\n- 0.1: first release\n",
}

COMPACT = "\x00compact"  # a turn that is the user's Compact button, not a message

# the turns that plant what the probes ask about, in order; COMPACT marks manual compactions
FACT_TURNS: tuple[str, ...] = (
    "We are migrating the billing service's ledger from SQLite to a server database. "
    "Help me work through this workspace.",
    "Remember this: the release codeword is AZURE-FALCON-17.",
    "read docs/plan.md",
    "read src/app.py",
    "read config/legacy.cfg",
    COMPACT,
    "We decided to use PostgreSQL instead of SQLite for the ledger, because we need "
    "concurrent writers.",
    "replace 'DEBUG = True' with 'DEBUG = False' in src/app.py",
    "write 'LEDGER_BACKEND = \"postgresql\"' to src/settings.py",
    COMPACT,
    "The next step is to run scripts/reconcile.py against the staging ledger, then compare "
    "the totals.",
    COMPACT,
)

FILLER_TOPICS: tuple[str, ...] = (
    "how double-entry bookkeeping keeps a ledger balanced",
    "the risks of migrating financial data between databases",
    "why billing systems keep an append-only audit trail",
    "how connection pooling works in a server database",
    "the history of accounting ledgers",
    "how to plan a zero-downtime database migration",
)


def filler_turn(index: int) -> str:
    """A long-text request (the offline provider writes ~6k chars for "in detail")."""
    topic = FILLER_TOPICS[index % len(FILLER_TOPICS)]
    return f"Explain in detail {topic}."


def script(turns: int) -> list[str]:
    """The conversation of ``turns`` user turns (at least the fact turns): fillers are spread
    evenly into the gaps after each fact turn, so every fact has long text after it."""
    facts = [t for t in FACT_TURNS if t != COMPACT]
    fillers = max(0, turns - len(facts))
    gaps = len(facts)
    out: list[str] = []
    fact_index = 0
    used = 0
    for turn in FACT_TURNS:
        out.append(turn)
        if turn == COMPACT:
            continue
        fact_index += 1
        due = fillers * fact_index // gaps
        while used < due:
            out.append(filler_turn(used))
            used += 1
    return out


@dataclass(frozen=True)
class Probe:
    """One question and how to score its answer.

    ``exact``: strings the answer must contain (codewords, paths), one point each.
    ``distractors``: strings a right answer must not contain (files never touched), minus one
    each. ``keywords``: the free-text part, one point each (scored by a judge model when one is
    given, else by keyword overlap).
    """

    kind: str
    name: str
    question: str
    exact: tuple[str, ...] = ()
    distractors: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    reference: str = ""

    @property
    def max_points(self) -> int:
        return len(self.exact) + len(self.keywords)


ASK = "Recall from this conversation: "
_UNTOUCHED = ("tests/test_ledger.py", "docs/changelog.md")

PROBES: tuple[Probe, ...] = (
    Probe("recall", "release codeword", ASK + "what is the release codeword?",
          exact=("AZURE-FALCON-17",)),
    Probe("recall", "codeword in a file", ASK + "what is the deploy window codeword in "
          "docs/plan.md?", exact=("MAGENTA-OTTER-42",)),
    Probe("recall", "error met", ASK + "which file failed to read, and what was the error?",
          exact=("config/legacy.cfg",),
          keywords=("not found|no such file|does not exist|missing",),
          reference="Reading config/legacy.cfg failed: no such file (it does not exist)."),
    Probe("artifact", "files read", ASK + "which files did we read?",
          exact=("docs/plan.md", "src/app.py"), distractors=_UNTOUCHED),
    Probe("artifact", "files modified", ASK + "which files did we modify?",
          exact=("src/app.py", "src/settings.py"), distractors=_UNTOUCHED),
    Probe("continuation", "next step", ASK + "what is the next step?",
          exact=("scripts/reconcile.py",), keywords=("staging", "totals"),
          reference="Run scripts/reconcile.py against the staging ledger, then compare the "
          "totals."),
    Probe("decision", "database choice", ASK + "which database did we decide to use for the "
          "ledger, and why?", exact=("PostgreSQL",), keywords=("concurrent", "writers"),
          reference="PostgreSQL instead of SQLite, because the ledger needs concurrent "
          "writers."),
)  # fmt: skip

KINDS: tuple[str, ...] = ("recall", "artifact", "continuation", "decision")

"""The translation catalogues: extract the strings from the code, merge them into the .ts files,
compile the .qm files.

    python3 packaging/i18n.py update    # resources/i18n/*.ts follow the code (translations kept)
    python3 packaging/i18n.py release   # resources/i18n/*.qm (the bundle build runs it)
    python3 packaging/i18n.py check     # exit 1 if a .ts lacks a string or a translation
    python3 packaging/i18n.py adopt OTHER.ts...  # fill untranslated strings from other copies

``adopt`` is for merges: branches that each added strings conflict in the generated .ts files;
take either side, run ``update``, then adopt the other side's file (``git show
branch:resources/i18n/zh_CN.ts > /tmp/theirs.ts``) — every string still untranslated in the
catalogue of the same language gets that file's finished translation; nothing else changes.

Why not ``pyside6-lupdate``: it ships with PySide6-Essentials, but its Python parser misses
``tr(..., n=count)`` keyword plurals and marks no plural as numerus, so the catalogues are
made here with ``ast`` (every ``tr("Context", "text", ...)``, ``trf("Context", "text %1", arg)`` and
``QCoreApplication.translate("Context", "text", ...)`` call with literal strings, and every
``UserText("Context", "text %1", arg)``: the sentences the engine makes for the window). The .ts
files stay the standard Qt Linguist format, so Linguist and ``lrelease`` read them.
"""

from __future__ import annotations

import ast
import re
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "pi_desktop"
I18N = ROOT / "resources" / "i18n"
Key = tuple[str, str, str]  # context, source, comment
SOURCE_LANGUAGE = "en"


@dataclass
class Found:
    context: str
    source: str
    comment: str = ""
    numerus: bool = False
    locations: list[tuple[str, int]] = field(default_factory=list)


def _literal(node: ast.AST | None, constants: dict[str, str] | None = None) -> str | None:
    """A string literal, or a module constant holding one (``tr("Ctx", NOTE)``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name) and constants:
        return constants.get(node.id)
    return None


def _constants(tree: ast.Module) -> dict[str, str]:
    """The module's ``NAME = "text"`` assignments (adjacent literals are one constant)."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
            literal = isinstance(value, ast.Constant) and isinstance(value.value, str)
            if isinstance(target, ast.Name) and literal:
                out[target.id] = value.value
    return out


def _is_tr_call(call: ast.Call) -> bool:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id in {"tr", "trf", "UserText"}
    return isinstance(func, ast.Attribute) and func.attr == "translate"


def extract(root: Path = SOURCES) -> dict[Key, Found]:
    """Every translatable string under ``root``, keyed like Qt keys them."""
    found: dict[Key, Found] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        constants = _constants(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and _is_tr_call(node)) or len(node.args) < 2:
                continue
            context, source = _literal(node.args[0]), _literal(node.args[1], constants)
            if context is None or source is None:
                continue
            # trf and UserText take the arguments of their %1… after the source, not a comment
            positional = not (
                isinstance(node.func, ast.Name) and node.func.id in {"trf", "UserText"}
            )
            comment = _literal(node.args[2]) if positional and len(node.args) > 2 else None
            numerus = positional and len(node.args) > 3
            for kw in node.keywords:
                if kw.arg == "comment":
                    comment = _literal(kw.value)
                elif kw.arg == "n":
                    numerus = True
            key = (context, source, comment or "")
            item = found.setdefault(key, Found(context, source, comment or ""))
            item.numerus = item.numerus or numerus
            where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
            item.locations.append((where.as_posix(), node.lineno))
    return found


@dataclass
class Entry:
    context: str
    source: str
    comment: str
    numerus: bool
    forms: list[str]  # one translation, or the plural forms
    kind: str  # "" (finished), "unfinished", "obsolete"
    locations: list[tuple[str, int]]


def read_ts(path: Path) -> tuple[str, dict[Key, Entry]]:
    """The language and the entries of a .ts file."""
    root = ET.parse(path).getroot()
    entries: dict[Key, Entry] = {}
    for ctx in root.iter("context"):
        name = ctx.findtext("name") or ""
        for msg in ctx.iter("message"):
            source = msg.findtext("source") or ""
            comment = msg.findtext("comment") or ""
            tnode = msg.find("translation")
            kind = tnode.get("type", "") if tnode is not None else "unfinished"
            numerus = msg.get("numerus") == "yes"
            if numerus and tnode is not None:
                forms = [f.text or "" for f in tnode.iter("numerusform")]
            else:
                forms = [(tnode.text or "") if tnode is not None else ""]
            entries[(name, source, comment)] = Entry(
                name, source, comment, numerus, forms, kind, []
            )
    return root.get("language", ""), entries


def english_forms(source: str) -> list[str]:
    """The two English forms of a source written "%n message(s)" / "%n summary(ies)"."""
    one = re.sub(r"(\w)\((?:s|es)\)", r"\1", source)
    one = re.sub(r"(\w)y\(ies\)", r"\1y", one)
    many = re.sub(r"(\w)\((s|es)\)", r"\1\2", source)
    many = re.sub(r"(\w)y\(ies\)", r"\1ies", many)
    return [one, many]


def plural_count(language: str) -> int:
    """How many plural forms a language has (Qt's rules, for the languages we ship)."""
    return 1 if language.split("_")[0] in {"zh", "ja", "ko", "vi", "th", "id"} else 2


def merge(language: str, old: dict[Key, Entry], found: dict[Key, Found]) -> dict[Key, Entry]:
    """The catalogue for the code as it is: kept translations, new strings unfinished,
    strings that left the code marked obsolete (Linguist's convention)."""
    merged: dict[Key, Entry] = {}
    for key, item in found.items():
        before = old.get(key)
        count = plural_count(language) if item.numerus else 1
        if before is not None:
            forms = (before.forms + [""] * count)[:count]
            kind = "" if all(forms) and before.kind != "unfinished" else "unfinished"
        else:
            forms, kind = [""] * count, "unfinished"
        if language == SOURCE_LANGUAGE and not item.numerus:
            forms, kind = [item.source], ""  # the source language reads its sources
        elif language == SOURCE_LANGUAGE and not all(forms):
            forms, kind = english_forms(item.source), ""
        merged[key] = Entry(*key, item.numerus, forms, kind, item.locations)
    for key, entry in old.items():
        if key not in merged and any(entry.forms):
            merged[key] = Entry(*key[:3], entry.numerus, entry.forms, "obsolete", [])
    return merged


def write_ts(path: Path, language: str, entries: dict[Key, Entry]) -> None:
    root = ET.Element("TS", version="2.1", language=language, sourcelanguage="en")
    by_context: dict[str, list[Entry]] = {}
    for entry in entries.values():
        by_context.setdefault(entry.context, []).append(entry)
    for name in sorted(by_context):
        ctx = ET.SubElement(root, "context")
        ET.SubElement(ctx, "name").text = name
        for entry in by_context[name]:
            msg = ET.SubElement(ctx, "message", {"numerus": "yes"} if entry.numerus else {})
            for file, line in entry.locations:
                ET.SubElement(msg, "location", filename=f"../../{file}", line=str(line))
            ET.SubElement(msg, "source").text = entry.source
            if entry.comment:
                ET.SubElement(msg, "comment").text = entry.comment
            tnode = ET.SubElement(msg, "translation", {"type": entry.kind} if entry.kind else {})
            if entry.numerus:
                for form in entry.forms:
                    ET.SubElement(tnode, "numerusform").text = form
            else:
                tnode.text = entry.forms[0]
    ET.indent(root, space="    ")
    body = ET.tostring(root, encoding="unicode")
    path.write_text(
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n", encoding="utf-8"
    )


def update(folder: Path = I18N) -> None:
    found = extract()
    for ts in sorted(folder.glob("*.ts")):
        language, old = read_ts(ts)
        write_ts(ts, language or ts.stem, merge(language or ts.stem, old, found))
        print(f"{ts.name}: {len(found)} strings")


def problems(folder: Path = I18N) -> list[str]:
    """What the catalogues lack: strings of the code missing from a .ts, or untranslated."""
    found = extract()
    out = []
    for ts in sorted(folder.glob("*.ts")):
        _, entries = read_ts(ts)
        for key in found:
            entry = entries.get(key)
            if entry is None or entry.kind == "obsolete":
                out.append(f"{ts.name}: missing {key[0]}: {key[1]!r}")
            elif entry.kind == "unfinished" or not all(entry.forms):
                out.append(f"{ts.name}: untranslated {key[0]}: {key[1]!r}")
            elif any(_markers(form) != _markers(key[1]) for form in entry.forms):
                out.append(f"{ts.name}: placeholders differ {key[0]}: {key[1]!r}")
            elif "&" in key[1] and "<" not in key[1] and not all("&" in f for f in entry.forms):
                out.append(f"{ts.name}: shortcut letter (&) lost {key[0]}: {key[1]!r}")
    return out


def _markers(text: str) -> set[str]:
    """The %1, %n, %Ln of a string: a translation must keep every one."""
    return set(re.findall(r"%L?\d|%L?n", text))


def adopt(others: list[Path], folder: Path = I18N) -> int:
    """Fill the untranslated entries of ``folder``'s catalogues from ``others`` (same language,
    finished entries only); returns how many were filled."""
    filled = 0
    for other in others:
        language, theirs = read_ts(other)
        target = folder / f"{language}.ts"
        if not target.is_file():
            continue
        ours_language, ours = read_ts(target)
        for key, entry in ours.items():
            their = theirs.get(key)
            usable = their is not None and their.kind == "" and all(their.forms)
            if entry.kind == "unfinished" and usable and len(their.forms) == len(entry.forms):
                entry.forms, entry.kind = list(their.forms), ""
                filled += 1
        write_ts(target, ours_language or language, ours)
    update(folder)  # the locations back
    return filled


def release(folder: Path = I18N) -> None:
    sys.path.insert(0, str(ROOT))
    from pi_desktop.ui.i18n import compile_ts

    for ts in sorted(folder.glob("*.ts")):
        if compile_ts(ts, ts.with_suffix(".qm")) is None:
            raise SystemExit(f"could not compile {ts}")
        print(f"{ts.with_suffix('.qm').name}")


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    if command == "update":
        update()
    elif command == "release":
        release()
    elif command == "adopt" and len(sys.argv) > 2:
        print(f"adopted {adopt([Path(a) for a in sys.argv[2:]])} translations")
    elif command == "check":
        issues = problems()
        print("\n".join(issues) or "the catalogues are complete")
        raise SystemExit(1 if issues else 0)
    else:
        raise SystemExit(__doc__)

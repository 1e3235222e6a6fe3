#!/usr/bin/env python3
"""Builds the fuzz targets' seed corpora (fuzz/seeds/<target>/) from the
repository's own inputs:

- every golden vector (tests/vectors/**), read from the export that
  `make vectors` writes (target/conformance/vectors.json), where each case's
  inputs are already the texts the operation takes (a tool's descriptor
  described into its schema, a custom profile merged, an answer as text);
- the descriptors of tests/vectors/describe-tool/, tests/vectors/downconvert/
  and examples/*.json, as written;
- the real tool schemas of tests/real-tool-schemas/schemas/, as written.

Each seed is written in its target's input format (see the comment at the top
of each fuzz_targets/*.rs), named after where it came from. With --minimize,
each corpus is then cut to a smallest set of seeds that covers every edge the
whole set covers (libFuzzer's -set_cover_merge=1, through cargo-fuzz), keeping
their names: that is the committed corpus.

Usage (from the repository root): python3 fuzz/scripts/build-seeds.py [--minimize]
`make fuzz-seeds` runs `make vectors` first and then this with --minimize.
"""

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FUZZ = ROOT / "fuzz"
SEEDS = FUZZ / "seeds"
TARGETS = ["describe", "validate", "encode", "downconvert", "source"]
PROVIDERS = ["anthropic", "openai", "gemini"]
SEP = b"\x00"


def utf8(s):
    return s.encode("utf-8")


def slug(s, limit=48):
    s = re.sub(r"[^A-Za-z0-9]+", "-", s).strip("-").lower()
    return s[:limit].strip("-") or "x"


class Corpus:
    """One target's seeds: name → bytes, one file per distinct content."""

    def __init__(self, target):
        self.target = target
        self.seeds = {}
        self.seen = set()

    def add(self, name, data):
        if data in self.seen:
            return
        self.seen.add(data)
        base = slug(name)
        name, n = base, 2
        while name in self.seeds:
            name, n = f"{base}-{n}", n + 1
        self.seeds[name] = data

    def write(self):
        d = SEEDS / self.target
        # The family-* seeds are written by hand (the size families of the
        # target's comment): kept as they are.
        kept = {f.name: f.read_bytes() for f in d.glob("family-*")} if d.exists() else {}
        if d.exists():
            shutil.rmtree(d)
        d.mkdir(parents=True)
        for name, data in {**self.seeds, **kept}.items():
            (d / name).write_bytes(data)
        return len(self.seeds) + len(kept)


# ---- describe: the descriptor's text


def descriptor_for_type(expr, types, naming, mode):
    """A one-parameter descriptor whose parameter has the type `expr`: the
    describe target describes every `type` string in the `types` map, naming
    policy and mode of its descriptor."""
    d = {"method": "F", "parameters": [{"name": "x", "type": expr}]}
    if types:
        d["types"] = json.loads(types)
    if naming:
        d["naming"] = naming
    if mode:
        d["mode"] = mode
    return json.dumps(d, ensure_ascii=False)


def descriptor_for_return(returns, types, naming, mode):
    d = {"method": "F", "returns": returns}
    if types:
        d["types"] = json.loads(types)
    if naming:
        d["naming"] = naming
    if mode:
        d["mode"] = mode
    return json.dumps(d, ensure_ascii=False)


# ---- validate: flags, schema, 0, arguments


def validate_seed(schema, args, any_value=False, small=False):
    flags = (1 if any_value else 0) | (2 if small else 0)
    return bytes([flags]) + utf8(schema) + SEP + utf8(args)


# ---- encode: flags, tool, 0, return type, 0, types, 0, naming, 0, outcome…


def encode_seed(i):
    ctx = i["context"]
    o = i["outcome"]
    flags = 0
    if ctx.get("mode") == "reflection":
        flags |= 1
    if i.get("endsLoop"):
        flags |= 2
    if ctx.get("types") is None:
        flags |= 4
    if ctx.get("naming") is None:
        flags |= 8

    def part(p):
        return "j" + p["json"] if "json" in p else "t" + p["text"]

    if "returned" in o:
        kind, payload = 0, [o["returned"]]
    elif "returnedNothing" in o:
        kind, payload = 1, []
    elif "returnedParts" in o:
        kind, payload = 2, [part(p) for p in o["returnedParts"]]
    elif "returnedToolResult" in o:
        r = o["returnedToolResult"]
        kind, payload = 3, [r.get("typedResult") or ""] + [part(p) for p in r["parts"]]
        if r.get("isError"):
            flags |= 128
    elif "threw" in o:
        kind, payload = 4, [o["threw"]["typeName"], o["threw"]["message"]]
    elif "timedOut" in o:
        kind, payload = 5, [str(o["timedOut"])]
    elif "invalidArguments" in o:
        kind = 6
        payload = [x for e in o["invalidArguments"] for x in (e["path"], e["keyword"], e["message"])]
    else:
        raise SystemExit(f"unknown outcome {o}")
    flags |= kind << 4
    texts = [i["toolName"], i["returnType"], ctx.get("types") or "", ctx.get("naming") or ""] + payload
    return bytes([flags]) + SEP.join(utf8(t) for t in texts)


# ---- downconvert: flags, schema, 0, answer, 0, profile edit


def downconvert_seed(schema, provider, answer=None, profile=None):
    if profile is not None:
        return bytes([3]) + utf8(schema) + SEP + utf8(answer or "{}") + SEP + utf8(profile)
    texts = [schema] + ([answer] if answer is not None else [])
    flags = PROVIDERS.index(provider) if provider in PROVIDERS else 0
    data = bytes([flags]) + SEP.join(utf8(t) for t in texts)
    if provider not in PROVIDERS:
        # An unknown target: the edit text is tried as a built-in name.
        data += (b"" if answer is not None else SEP + b"{}") + SEP + utf8(provider)
    return data


def build(vectors_path):
    corpora = {t: Corpus(t) for t in TARGETS}
    describe, validate, encode, downconvert, source = (corpora[t] for t in TARGETS)

    # C# sources as written.
    for p in sorted((ROOT / "tests/csharp").rglob("*.cs")) + sorted((ROOT / "examples").glob("*.cs")):
        source.add("cs-" + p.stem, p.read_bytes())

    # Descriptors as written.
    for p in sorted((ROOT / "tests/vectors/describe-tool").glob("*.json")):
        if not p.name.endswith(".expected.json"):
            describe.add("vector-" + p.stem, p.read_bytes())
    for p in sorted((ROOT / "examples").glob("*.json")):
        describe.add("example-" + p.stem, p.read_bytes())
    for p in sorted((ROOT / "tests/vectors/downconvert").glob("*.json")):
        for c in json.loads(p.read_text())["cases"]:
            if "tool" in c:
                describe.add(f"{p.stem}-{c['name']}", utf8(json.dumps(c["tool"], indent=2, ensure_ascii=False)))

    # Real tool schemas as written.
    real = {}
    for p in sorted((ROOT / "tests/real-tool-schemas/schemas").glob("*.json")):
        real[p.stem] = p.read_text()
        validate.add("real-" + p.stem, validate_seed(real[p.stem], "{}"))
        downconvert.add("real-" + p.stem, downconvert_seed(real[p.stem], "anthropic"))

    # Every golden vector, flattened.
    cases = json.loads(Path(vectors_path).read_text())["cases"]
    for c in cases:
        op, i, name = c["op"], c["input"], c["id"]
        if op == "describe-tool":
            pass  # the files above, byte for byte
        elif op == "describe-type":
            describe.add(name, utf8(descriptor_for_type(i["typeExpr"], i["types"], i["naming"], i["mode"])))
        elif op == "validate":
            o = i["options"]
            small = o["limits"]["maxArgumentBytes"] < 1 << 20
            validate.add(name, validate_seed(i["schema"], i["args"], o["anyValue"], small))
        elif op == "encode-result":
            encode.add(name, encode_seed(i))
            ctx = i["context"]
            describe.add(
                "returns-" + name, utf8(descriptor_for_return(i["returnType"], ctx["types"], ctx["naming"], ctx["mode"]))
            )
        elif op == "downconvert":
            t = i["target"]
            downconvert.add(name, downconvert_seed(i["schema"], t["provider"], profile=t.get("profile")))
            validate.add("schema-of-" + name, validate_seed(i["schema"], "{}"))
        elif op == "restore-args":
            t = i["target"]
            downconvert.add(name, downconvert_seed(i["originalSchema"], t["provider"], i["args"], t.get("profile")))
            validate.add("restore-" + name, validate_seed(i["originalSchema"], i["args"]))
        elif op == "provider-profile":
            pass
        else:
            raise SystemExit(f"unknown op {op} in {vectors_path}")
    return corpora


def minimize(target):
    """Keeps a smallest set of the seeds of `target` that covers every edge
    they cover together (libFuzzer -set_cover_merge=1, edges without hit
    counts), under their own names."""
    d = SEEDS / target
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            # The build `make fuzz` fuzzes with (fuzz.mk: FUZZ_SANITIZER).
            ["cargo", "+nightly", "fuzz", "run", target, "--sanitizer", "none", "--target-dir", str(FUZZ / "target/none"),
             tmp, str(d), "--", "-set_cover_merge=1", "-use_counters=0", "-max_len=1048576", "-timeout=60"],
            cwd=FUZZ,
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        kept = {f.name for f in Path(tmp).iterdir()}
    for f in sorted(d.iterdir()):
        if hashlib.sha1(f.read_bytes()).hexdigest() not in kept and not f.name.startswith("family-"):
            f.unlink()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vectors", default=str(ROOT / "target/conformance/vectors.json"))
    ap.add_argument("--minimize", action="store_true", help="keep only the seeds that add coverage")
    args = ap.parse_args()
    if not os.path.exists(args.vectors):
        sys.exit(f"{args.vectors} is missing: run `make vectors` first")
    for target, corpus in build(args.vectors).items():
        n = corpus.write()
        line = f"{target}: {n} seeds"
        if args.minimize:
            minimize(target)
            files = list((SEEDS / target).iterdir())
            line += f", {len(files)} kept ({sum(f.stat().st_size for f in files)} bytes)"
        print(line)


if __name__ == "__main__":
    main()

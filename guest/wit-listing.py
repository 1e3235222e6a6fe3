#!/usr/bin/env python3
"""Prints the component's interface as README.md lists it: the package as
`wasm-tools component wit` prints it from the built component (so it is the
interface the component has, not the one it was meant to have), without the
wrapping world, short records, variants and enums on one line.

    python3 guest/wit-listing.py target/component/tool_schema.wasm
"""
import re
import subprocess
import sys

wit = subprocess.run(["wasm-tools", "component", "wit", sys.argv[1]], check=True, capture_output=True, text=True).stdout
start = re.search(r"^package (onellm:tool-schema@[\d.]+) \{$", wit, re.M)
body = wit[start.end():].rstrip().removesuffix("}")
text = "\n".join(line[2:] if line.startswith("  ") else line for line in body.split("\n")).strip("\n")


def collapse(m: re.Match) -> str:
    items = [item.strip().rstrip(",") for item in m.group(2).split("\n") if item.strip()]
    one = f"{m.group(1)}{{ {', '.join(items)} }}"
    return one if len(one) <= 110 else m.group(0)


text = re.sub(r"^( *(?:record|variant|enum|flags) [\w-]+ )\{\n(.*?)\n *\}", collapse, text, flags=re.M | re.S)
text = re.sub(r"\n\n+", "\n", text)
text = re.sub(r"\n(interface|world) ", r"\n\n\1 ", text)
print(f"package {start.group(1)};\n\n{text}")

"""Reads the header wasm2c wrote for the component's core module and writes,
as C, the names driver.c calls the module by, and the module's imports
(each a `[resource-new]`, answered with the representation as the handle):

    python3 bench/wasm2c/names.py target/wasm2c/guest.h > target/wasm2c/names.h
"""

import re
import sys

path = sys.argv[1]
header = open(path, encoding="utf-8").read()
lines = header.splitlines()


def after(comment: str) -> str:
    """The declaration on the line after the comment `/* comment */`."""
    for i, line in enumerate(lines):
        if line.strip() == f"/* {comment} */":
            return lines[i + 1]
    sys.exit(f"names.py: no /* {comment} */ in {path}")


def function(declaration: str) -> str:
    return re.search(r"(\w+)\(", declaration).group(1)


def export(name: str) -> str:
    return function(after(f"export: '{name}'"))


def one(pattern: str) -> "re.Match[str]":
    found = re.search(pattern, header, re.M)
    if found is None:
        sys.exit(f"names.py: nothing like {pattern!r} in {path}")
    return found


validate = "onellm:tool-schema/validate@0.2.0#"
instantiate = one(r"^void (\w+_instantiate)\(([^)]*)\);")
extra = ", NULL" * instantiate.group(2).count(",")
instance_type = one(r"^typedef struct (\w+_instance_t) \{").group(1)
init_module = one(r"^void (\w+_init_module)\(").group(1)
out = [
    f"typedef {instance_type} Instance;",
    f"#define INIT_MODULE {init_module}",
    f"#define INSTANTIATE(i) {instantiate.group(1)}(i{extra})",
    f"#define REALLOC {export('cabi_realloc')}",
    f"#define COMPILE {export(validate + '[static]validator.compile')}",
    f"#define VALIDATE {export(validate + '[method]validator.validate')}",
    f"#define POST_COMPILE {export('cabi_post_' + validate + '[static]validator.compile')}",
    f"#define POST_VALIDATE {export('cabi_post_' + validate + '[method]validator.validate')}",
]
for i, line in enumerate(lines):
    if line.startswith("/* import: "):
        if "[resource-new]" not in line:
            sys.exit(f"names.py: an import driver.c cannot answer: {line}")
        d = re.match(r"(\w+) (\w+)\((.*), (\w+)\);", lines[i + 1])
        if d is None:
            sys.exit(f"names.py: an import declared in a form not known here: {lines[i + 1]}")
        result, name, instance, param = d.groups()
        out.append(f"{result} {name}({instance} self, {param} rep) {{ (void)self; return rep; }}")
print("\n".join(out))

"""`python -m tool_schema`: how this process got the component, and its limits."""

import json

from . import runtime

info = runtime().info()
print(
    json.dumps(
        {
            "origin": info.origin,
            "cacheFile": None if info.cache_file is None else str(info.cache_file),
            "component": str(info.component),
            "componentSha256": info.component_sha256,
            "wasmtime": info.wasmtime_version,
            "loadSeconds": round(info.load_seconds, 4),
            "fuel": info.fuel,
            "memoryLimit": info.memory_limit,
            "workBudget": info.work_budget,
        },
        indent=2,
    )
)

"""What machine a benchmark ran on, printed beside its figures."""

from __future__ import annotations

import os
import platform


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith(("model name", "Model", "cpu model")):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def core_count() -> str:
    total = os.cpu_count() or 0
    if hasattr(os, "sched_getaffinity"):
        return f"{total} logical ({len(os.sched_getaffinity(0))} available to this process)"
    return f"{total} logical"


def machine_lines(*notes: str) -> list[str]:
    """The machine in a few lines, then any notes about how the figures were taken."""
    return [
        "Machine",
        f"  CPU       {cpu_model()}",
        f"  Cores     {core_count()}",
        f"  Python    {platform.python_version()} ({platform.python_implementation()})",
        f"  Platform  {platform.platform()}",
        *(f"  {note}" for note in notes),
    ]

"""What the bench scripts print their timings with (imported as `figures`: a script's own
folder is first on its import path)."""

from __future__ import annotations

import statistics


def pct(values: list[float], q: float) -> float:
    """The q-quantile by nearest rank (q = 0.99: the p99)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def show(name: str, samples: list[float], target: float | None = None) -> None:
    """One line for timings in seconds: median, p99 and max in milliseconds, against a p99 target."""
    ms = [s * 1000 for s in samples]
    line = f"{name:<36} n={len(ms):>6}  median {statistics.median(ms):7.3f} ms  p99 {pct(ms, 0.99):7.3f} ms  max {max(ms):7.3f} ms"
    if target is not None:
        line += f"  (target p99 <= {target:g} ms: {'met' if pct(ms, 0.99) <= target else 'MISSED'})"
    print(line)


def figures(name: str, ms: list[float], target: str = "") -> None:
    """One indented line for timings in milliseconds: p50, p99, max and the target's words."""
    print(f"  {name:<44} p50 {statistics.median(ms):7.3f} ms  p99 {pct(ms, 0.99):7.3f} ms  "
          f"max {max(ms):7.2f} ms  (n={len(ms)}){'  target ' + target if target else ''}")

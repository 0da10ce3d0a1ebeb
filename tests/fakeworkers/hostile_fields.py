"""Speaks the protocol with hostile fields: terminal escapes, unknown statuses, numbers that are
not measurements (negative, NaN, thousands of digits)."""

import json

ESC = "\x1b[2J\x1b]0;owned\x07\x9b31m"
print(json.dumps({"v": 1, "type": "hello"}), flush=True)
print(
    json.dumps(
        {
            "v": 1,
            "type": "progress",
            "step": "matmul" + ESC,
            "fraction": 1e308 * 10,
            "text": "hi" + ESC,
        }
    ),
    flush=True,
)
metrics = [
    {"name": "decode", "value": -1000000000, "unit": "images/s"},
    {"name": "nan", "value": float("nan"), "unit": "TFLOPS"},
    {"name": "fine", "value": 12.5, "unit": "TFLOPS", "spread_pct": -3, "runs": -1},
]
print(
    json.dumps(
        {"v": 1, "type": "result", "step": "matmul", "status": "owned" + ESC, "metrics": metrics}
    ),
    flush=True,
)
print(
    '{"v": 1, "type": "result", "step": "bandwidth", "status": "ok", "metrics": [{"name": "big", "value": '
    + "9" * 5000
    + ', "unit": "GB/s"}]}',
    flush=True,
)
print(
    json.dumps(
        {"v": 1, "type": "error", "step": "matmul", "kind": "x" + ESC, "message": "bad" + ESC}
    ),
    flush=True,
)
print(
    json.dumps({"v": 1, "type": "final", "status": "total-victory" + ESC, "seconds": 1}), flush=True
)

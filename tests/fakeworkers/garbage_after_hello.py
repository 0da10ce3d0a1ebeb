"""Starts like the worker, then prints noise (a library writing to stdout) and exits."""

import json

print(json.dumps({"v": 1, "type": "hello"}), flush=True)
print("Epoch 1/10  ███████ 42%", flush=True)
print("{not json", flush=True)

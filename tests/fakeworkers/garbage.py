"""Prints noise instead of the protocol, then exits."""

import sys

print("Epoch 1/10  ███████ 42%", flush=True)
print("{not json", flush=True)
print('{"valid": "json but not a message"}', flush=True)
sys.exit(0)

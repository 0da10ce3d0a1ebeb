import json

print(json.dumps({"v": 99, "type": "hello"}), flush=True)
print(json.dumps({"v": 99, "type": "final", "status": "ok"}), flush=True)

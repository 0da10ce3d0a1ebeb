"""What is in this machine: GPUs and their PCIe links, CPU, memory, power supply.

Nothing here imports TensorFlow; every reading that fails becomes ``None`` plus a status
that says why, never an exception that reaches the caller.
"""
